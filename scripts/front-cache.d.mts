import type { AsyncLocalStorage } from 'node:async_hooks'
import type { IncomingMessage, ServerResponse } from 'node:http'

export type FrontCache = {
  serve: (req: IncomingMessage, res: ServerResponse) => boolean
  capture: (req: IncomingMessage, res: ServerResponse) => void
  purge: () => void
  invalidate: (tags: string[]) => void
  stats: () => { entries: number; bytes: number }
}

export const requestContext: AsyncLocalStorage<{
  startedAt: number
  tags: Set<string>
  /** When the oldest data behind the response was read (set by the page cache handler). */
  dataFrom?: number
}>

/** Whether the front cache may answer or keep this request (a plain document GET or HEAD). */
export function cacheableRequest(req: IncomingMessage): boolean

export function preferredCoding(header: string | undefined): string | undefined

export function createFrontCache(options?: {
  maxBytes?: number
  maxAgeSeconds?: number
  htmlCacheControl?: string
  now?: () => number
}): FrontCache
