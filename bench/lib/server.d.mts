// Types for server.mjs, so that TypeScript callers (the end-to-end specs) can start a server too.
import type { ChildProcess } from 'node:child_process'

export function freePort(): Promise<number>
export function tail(file: string, lines?: number): string
export type RunningServer = {
  child: ChildProcess
  stop: () => Promise<void>
  baseUrl: string
  exit: string | null
  died: () => boolean
}
export function startServer(options: {
  root: string
  port: number
  env: NodeJS.ProcessEnv
  logFile: string
  readyPath: string
  timeoutMs?: number
  /** How often readyPath is asked (default 250 ms). */
  pollMs?: number
}): Promise<RunningServer>
