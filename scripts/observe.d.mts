import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import type { Registry } from 'prom-client'

export function routeClass(url: string): string

export type ObservedRequest = {
  id: string
  servedBy: (name: string) => void
  /** A copy of the front cache answered, with `sent` bytes of body. */
  answered: (sent: number) => void
  /** Counts the body's bytes as they are written (every answer but a copy's). */
  countBody: () => void
  frontCacheMiss: () => void
}

export function createHistogram(
  registry: Registry,
  options: { name: string; help: string; labelNames: string[]; buckets: number[] },
): { observe: (key: string, value: number) => void }

export function createObserver(options: {
  logger: Logger
  trustProxy: boolean
  metricsToken?: string
  frontCache?: { stats: () => { entries: number; bytes: number } }
  admission?: { stats: () => { active: number; queued: number; shed: number } }
}): {
  begin: (req: IncomingMessage, res: ServerResponse) => ObservedRequest
  serveMetrics: (req: IncomingMessage, res: ServerResponse) => boolean
  registry: Registry
}
