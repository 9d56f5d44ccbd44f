import type { Server } from 'node:http'

export const DEFAULT_SHUTDOWN_TIMEOUT_MS: number
export function shutdownTimeoutMs(env?: Record<string, string | undefined>): number
export function handleShutdown(
  server: Server,
  options?: {
    timeoutMs?: number
    log?: (fields: Record<string, unknown>) => void
    exit?: (code: number) => void
    closers?: () => Array<[string, (() => unknown) | undefined]>
    signals?: NodeJS.Signals[]
    repeatWindowMs?: number
  },
): (signal: string) => Promise<number | undefined>
