import type { ServerResponse } from 'node:http'

export type Admission = {
  admit: (res: ServerResponse, run: () => void, refuse: () => void) => void
  stats: () => { active: number; queued: number; shed: number }
}

export function createAdmission(limits: {
  maxActive: number
  maxQueued: number
  maxWaitMs: number
  /** How long a request keeps its turn at most, answered or not (default 30 s). */
  maxTurnMs?: number
}): Admission

export const RETRY_AFTER_SECONDS: number
