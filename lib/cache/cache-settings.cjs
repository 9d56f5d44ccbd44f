// The cache settings, in one place for the three readers that cannot share lib/env.ts (plain
// Node modules loaded outside the app's bundle): scripts/server.mjs, lib/cache/cache-handler.cjs
// and lib/env.ts itself (which reports the same problems beside the other settings).

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

const MEGABYTES = {
  PAGE_CACHE_MB: { default: 256, min: 1 },
  FRONT_CACHE_MB: { default: 64, min: 0 },
}
const MAX_MB = 65536

/**
 * @param {Record<string, string | undefined>} source
 * @returns {{ settings: { pageCacheBytes: number, frontCacheBytes: number }, issues: string[] }}
 */
function parseCacheSettings(source) {
  const issues = []
  const mb = {}
  for (const [name, rule] of Object.entries(MEGABYTES)) {
    const raw = (source[name] ?? '').trim()
    const value = raw === '' ? rule.default : Number(raw)
    if (!/^\d*$/.test(raw) || !Number.isSafeInteger(value) || value < rule.min || value > MAX_MB) {
      issues.push(
        `${name}: must be a whole number of megabytes from ${rule.min} to ${MAX_MB} (got "${raw}")`,
      )
      mb[name] = rule.default
    } else mb[name] = value
  }
  return {
    settings: {
      pageCacheBytes: mb.PAGE_CACHE_MB * 1024 * 1024,
      frontCacheBytes: mb.FRONT_CACHE_MB * 1024 * 1024,
    },
    issues,
  }
}

/** The settings, or an error that names every bad one. */
function cacheSettings(source = process.env) {
  const { settings, issues } = parseCacheSettings(source)
  if (issues.length > 0) {
    throw new Error(
      `Invalid environment settings:\n${issues.map((i) => `  ${i}`).join('\n')}\nSee .env.example.`,
    )
  }
  return settings
}

module.exports = {
  MAX_AGE_SECONDS,
  STOCK_LAG_MS,
  PAGE_CACHE_CONTROL,
  parseCacheSettings,
  cacheSettings,
}
