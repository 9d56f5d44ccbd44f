export const MAX_AGE_SECONDS: number
export const STOCK_LAG_MS: number
export const PAGE_CACHE_CONTROL: string
