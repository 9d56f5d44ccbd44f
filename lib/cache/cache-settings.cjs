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

module.exports = {
  MAX_AGE_SECONDS,
  STOCK_LAG_MS,
  PAGE_CACHE_CONTROL,
}
