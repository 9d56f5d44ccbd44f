// Every process-wide hook of the shop, declared in one place.
//
// Why globalThis: the production server (scripts/server.mjs and its plain-JavaScript parts) and
// the code Next bundles from lib/ are different module graphs, and Next itself may load a module
// twice (the page cache handler is loaded for the cache and bundled again into proxy.ts). Two
// copies of a module do not share their variables; they share globalThis. So a value one side
// sets for the other, or one that must exist once per process whichever copy asks, hangs off
// globalThis under one of the names below, and nowhere else. Adding a hook: declare it here with
// who sets it and who reads it. TypeScript files read these names without casts; the .mjs/.cjs
// files set and read the same names.

import type { AsyncLocalStorage } from 'node:async_hooks'
import type { PasswordThreads } from '@/lib/auth/password-threads'
import type { DbHandle } from '@/lib/db/open'

declare global {
  /**
   * What scripts/server.mjs keeps per request, set around Next's handling of it: when it began
   * and the cache tags its answer showed (written by lib/cache/cache-handler.cjs and
   * lib/cache/catalog-cache.ts, read by scripts/front-cache.mjs when it keeps a copy), the peer
   * address for rate limits (lib/api/client-ip.ts), the request id of the log line and the
   * X-Request-Id header (lib/api/log.ts). Created by scripts/front-cache.mjs; the tests make
   * their own (tests/support/accounts.ts). A test's context may hold only some fields.
   */
  var __shopRequestContext: AsyncLocalStorage<ShopRequestContext> | undefined

  /**
   * The front cache (scripts/front-cache.mjs), set by scripts/server.mjs; lib/cache/cache-handler.cjs
   * tells it which tags expired (soft: an order's stock change, answered stale for a while) and
   * to purge everything.
   */
  var __shopFrontCache:
    { invalidate(tags: string[], options: { soft: boolean }): void; purge(): void } | undefined

  /** The page cache's entries and tag times, once per process (lib/cache/cache-handler.cjs). */
  var __shopPageCache: unknown

  /**
   * Runs `fn` in a scope made at start, outside any request (scripts/detached-scope.mjs): the
   * timers it makes do not keep the request that called it alive.
   */
  var __shopDetached: (<T>(fn: () => T) => T) | undefined

  /** The page cache's expiry, set by lib/cache/cache-handler.cjs for lib/cache/catalog-cache.ts. */
  var __shopExpireTags: ((tags: string[], options: { soft: boolean }) => void) | undefined

  /** Stops the page cache's change listener (PostgreSQL LISTEN); called on shutdown. */
  var __shopStopCacheListener: (() => Promise<void>) | undefined

  /** The database handle once opening began (lib/db/client.ts); the observer counts its statements. */
  var __shopDb: { handle?: Promise<DbHandle> } | undefined

  /**
   * The embedded database's worker script, set by scripts/server.mjs: under `npm start` PGlite
   * runs in that worker thread (lib/db/client.ts); unset in tests, commands and `next dev`.
   */
  var __shopPgliteWorker: string | undefined

  /**
   * The password threads' script, set by scripts/server.mjs: under `npm start` argon2 runs in
   * threads of their own (lib/auth/password-threads.ts); unset in tests, commands and `next dev`.
   */
  var __shopPasswordWorker: string | undefined

  /** The password threads made from that script (lib/auth/password-threads.ts). */
  var __shopPasswordThreads: { script: string; threads: PasswordThreads } | undefined

  /** Closes the database (set by lib/db/startup.ts); scripts/shutdown.mjs calls it last. */
  var __shopCloseDatabase: (() => Promise<void>) | undefined

  /** Stops the embedded database's vacuum passes (lib/db/upkeep.ts); scripts/shutdown.mjs calls it. */
  var __shopStopUpkeep: (() => Promise<void>) | undefined

  /** Stops the mail worker (set by lib/db/startup.ts); scripts/shutdown.mjs calls it. */
  var __shopStopMailWorker: (() => Promise<void>) | undefined

  /** Counts the outbox's pending mail (set by lib/db/startup.ts) for scripts/observe.mjs. */
  var __shopMailPending: (() => Promise<number>) | undefined

  /** Set by scripts/shutdown.mjs on SIGTERM; lib/ops/readiness.ts then answers not ready. */
  var __shopShuttingDown: boolean | undefined

  /** The process's logger (lib/ops/logger.cjs), one whichever copy of the module asks. */
  var __shopLogger: unknown

  /** proxy.ts's secret for its internal catalog rewrite, one per process. */
  var __shopRewriteToken: string | undefined
}

export type ShopRequestContext = {
  startedAt?: number
  tags?: Set<string>
  peer?: string
  requestId?: string
  /** When the oldest data the answer shows was read, if before the request began. */
  dataFrom?: number
  /** Where the request began among the front cache's invalidations (scripts/front-cache.mjs). */
  sequence?: number
}
