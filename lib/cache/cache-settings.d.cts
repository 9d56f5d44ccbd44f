export const MAX_AGE_SECONDS: number
export const STOCK_LAG_MS: number
export const PAGE_CACHE_CONTROL: string
export const PAGE_TAGS_HEADER: string
export function pageTagsValue(tags: string[], dataFrom: number, sequence: number): string
export function readPageTags(
  value: unknown,
): { tags: string[]; dataFrom: number; sequence: number } | undefined
