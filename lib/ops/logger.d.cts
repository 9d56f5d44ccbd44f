import type { Logger } from 'pino'

export function createLogger(options?: { level?: string; write?: (line: string) => void }): Logger
export function logger(options?: { write?: (line: string) => void }): Logger
export function batchedStdout(): (line: string) => void
export function escapeRawBreaks(line: string): string
export function loggedPath(url: string): string
export function flatLineWriter(
  log: Logger,
): (level: string, fields: Record<string, string | number | boolean>, msg: string) => void
