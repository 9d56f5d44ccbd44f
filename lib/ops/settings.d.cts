export const LOG_LEVELS: string[]
/** PAGE_CACHE_MB and FRONT_CACHE_MB, in bytes. */
export type CacheSettings = { pageCacheBytes: number; frontCacheBytes: number }
export function parseCacheSettings(source: Record<string, string | undefined>): {
  settings: CacheSettings
  issues: string[]
}
export function cacheSettings(source?: Record<string, string | undefined>): CacheSettings
export type OpsSettings = {
  logLevel: string
  metricsToken: string | undefined
  /** TRUST_PROXY: a flag, or the proxies' addresses. */
  trustProxy: boolean | string[]
  /** UNCACHED_MAX_ACTIVE, UNCACHED_MAX_QUEUED, UNCACHED_MAX_WAIT_MS (scripts/admission.mjs). */
  admission: { maxActive: number; maxQueued: number; maxWaitMs: number }
  /** ACCEPT_HANDLES: handles of the listening socket (scripts/accept-handles.mjs). */
  acceptHandles: number
  /** ALLOWED_ORIGINS as origins; lib/env.ts reports a bad entry. */
  allowedOrigins: string[]
  /** PORT of `npm start` (default 3000; 0: any free port). */
  port: number
  /** SHUTDOWN_TIMEOUT_MS (default 10,000): how long SIGTERM waits for requests in flight. */
  shutdownTimeoutMs: number
  /** WARM_UP_MS (default 30,000; 0: none): how long a new process may warm up before it listens. */
  warmUpMs: number
}
export function parseOpsSettings(source: Record<string, string | undefined>): {
  settings: OpsSettings
  issues: string[]
}
export function originsOf(raw: string | undefined): { origins: string[]; bad: string[] }
export function opsSettings(source?: Record<string, string | undefined>): OpsSettings
export function fromTrustedProxy(trustProxy: boolean | string[], peer: string | undefined): boolean
export function requestIdFor(header: string | string[] | undefined, trustProxy: boolean): string
export function bearerMatches(header: string | undefined, token: string): boolean
