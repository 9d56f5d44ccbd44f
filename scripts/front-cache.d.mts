import type { AsyncLocalStorage } from 'node:async_hooks'
import type { IncomingMessage, ServerResponse } from 'node:http'

export type FrontCache = {
  /**
   * The bytes of body sent (0 for HEAD), or false when the cache did not answer. `own`: the
   * headers of this request's answer, sent with the copy's (never kept).
   */
  serve: (req: IncomingMessage, res: ServerResponse, own?: Record<string, string>) => number | false
  /** `own`: the headers the server gave this answer for its own request (never kept). */
  capture: (req: IncomingMessage, res: ServerResponse, own?: Record<string, string>) => void
  purge: () => void
  /** `soft`: a stock change, replayed up to `staleMs` longer while one request remakes the page. */
  invalidate: (tags: string[], options?: { soft?: boolean }) => void
  stats: () => { entries: number; bytes: number }
}

export const requestContext: AsyncLocalStorage<{
  startedAt: number
  tags: Set<string>
  /** When the oldest data behind the response was read (set by the page cache handler). */
  dataFrom?: number
  /** Where the request began among the invalidations (set by the front cache's `capture`). */
  sequence?: number
}>

/** Whether the front cache may answer or keep this request (a plain document GET or HEAD). */
export function cacheableRequest(req: IncomingMessage): boolean

/** Whether the front cache may answer or keep this public catalog read of the API. */
export function publicApiRequest(req: IncomingMessage): boolean

export function preferredCoding(header: string | undefined): string | undefined

/** `preferredCoding` of the request's Accept-Encoding, remembered for the headers met. */
export function requestCoding(req: IncomingMessage): string | undefined

/** A chunk given to `res.write` or `res.end` as its bytes (a string in its encoding, utf8 by default). */
export function chunkBuffer(chunk: string | Uint8Array, encoding?: unknown): Buffer

/** A Vary value with `Accept-Encoding` in it (added unless it is there, or `*` is). */
export function withVary(value: string | number | string[] | undefined): string

export function createFrontCache(options?: {
  maxBytes?: number
  maxAgeSeconds?: number
  htmlCacheControl?: string
  /** How long a soft invalidation leaves a page's copy in use (STOCK_LAG_MS). */
  staleMs?: number
  now?: () => number
}): FrontCache
