// The .env files a shop's settings may come from, loaded before any setting is read: by
// `npm start` (scripts/start.mjs, scripts/server.mjs) and the terminal commands alike
// (scripts/shop-command.ts). The same files Next loads in app.prepare() (.env.production.local,
// .env.local, .env.production, .env; a variable already in the environment wins), but loaded
// that late, the server's own settings (FRONT_CACHE_MB, UNCACHED_*, LOG_LEVEL, METRICS_TOKEN,
// TRUST_PROXY, PORT, DATA_DIR, …) would be read before them and a `.env` would set them in vain.
import { createRequire } from 'node:module'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
// A CommonJS module: required, so that plain Node and tsx (the commands) see the same exports.
const { loadEnvConfig } = createRequire(import.meta.url)('@next/env')

/** Loads the shop's .env files (from `dir`, the repository by default) into process.env. */
export function loadShopEnv(dir = ROOT) {
  loadEnvConfig(dir, false, {
    info: () => {},
    error: (...args) => console.error(...args),
  })
}
