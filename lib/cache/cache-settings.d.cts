export const MAX_AGE_SECONDS: number
export const STOCK_LAG_MS: number
export const PAGE_CACHE_CONTROL: string
export type CacheSettings = { pageCacheBytes: number; frontCacheBytes: number }
export function parseCacheSettings(source: Record<string, string | undefined>): {
  settings: CacheSettings
  issues: string[]
}
export function cacheSettings(source?: Record<string, string | undefined>): CacheSettings
