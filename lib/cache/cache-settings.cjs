// The caches' fixed figures, for the plain Node modules outside the app's bundle
// (scripts/server.mjs, scripts/front-cache.mjs, lib/cache/cache-handler.cjs) and the app alike.
// Their settings (PAGE_CACHE_MB, FRONT_CACHE_MB) are parsed with the server's others in
// lib/ops/settings.cjs (`cacheSettings`).

/** How long a cached page or read may live without an invalidation: a backstop for a missed one. */
const MAX_AGE_SECONDS = 600
/**
 * How long a page may go on showing stock figures an order has changed (decision 0003): its
 * copies are replayed this much longer, and from half of it on one request has it made again
 * (scripts/front-cache.mjs). Add to cart and checkout always check the live stock; admin changes
 * show at once.
 */
const STOCK_LAG_MS = 2_000
/** Browsers must ask again every time; shared caches (a CDN) may keep a page for 10 seconds. */
const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10'

/**
 * The header in which a page from Next's page cache brings the tags of its entry, when that
 * entry's data was read and where the request that made it began among the front cache's
 * invalidations (lib/cache/cache-handler.cjs sets it in the entry's headers): the front
 * cache (scripts/front-cache.mjs) reads it and removes it before the answer leaves. A request
 * Next answers with another request's render (it renders a page once for all who ask at the same
 * moment) reads and writes no entry itself; this is how its copy still knows the page's tags.
 */
const PAGE_TAGS_HEADER = 'x-shop-page-tags'

/**
 * `{dataFrom},{sequence},{tag},{tag}…`, each tag percent-encoded (a tag may hold a comma or any
 * text).
 * @param {string[]} tags
 * @param {number} dataFrom
 * @param {number} sequence
 */
function pageTagsValue(tags, dataFrom, sequence) {
  return [String(dataFrom), String(sequence), ...tags.map(encodeURIComponent)].join(',')
}

/**
 * What a PAGE_TAGS_HEADER value says; undefined for anything else.
 * @returns {{ tags: string[], dataFrom: number, sequence: number } | undefined}
 */
function readPageTags(value) {
  if (Array.isArray(value)) value = value[0]
  if (typeof value !== 'string') return undefined
  const [from = '', at = '', ...tags] = value.split(',')
  const dataFrom = Number(from)
  const sequence = Number(at)
  if (from === '' || at === '' || !Number.isFinite(dataFrom) || !Number.isInteger(sequence)) {
    return undefined
  }
  try {
    return { tags: tags.filter((t) => t !== '').map(decodeURIComponent), dataFrom, sequence }
  } catch {
    return undefined
  }
}

module.exports = {
  PAGE_TAGS_HEADER,
  pageTagsValue,
  readPageTags,
  MAX_AGE_SECONDS,
  STOCK_LAG_MS,
  PAGE_CACHE_CONTROL,
}
