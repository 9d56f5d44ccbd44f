// Time spent inside the shop's server per bench:mixed step, read from its request log (one JSON
// line per request, scripts/observe.mjs: time at the end, durationMs, path, method). Beside the
// client's figures it tells time in the server from time before it (connecting, queues).
import fs from 'node:fs'
import { percentiles } from './percentiles.mjs'

/** The bench:mixed step a logged request belongs to (undefined: not one of them). */
export function stepOf({ method, path }) {
  if (method === 'GET') {
    if (path === '/') return 'home'
    if (path.startsWith('/products?page=')) return 'list'
    if (/^\/products\/[^/?]+$/.test(path)) return 'search'
    if (path.startsWith('/product/')) return 'product'
  }
  if (method === 'POST') {
    if (path === '/api/v1/login') return 'login'
    if (path === '/api/v1/cart/add') return 'cart'
    if (path === '/api/v1/order/new') return 'order'
  }
  return undefined
}

/**
 * Per step, the server's own p50/p99 (ms) and how many of its answers came from the front cache,
 * for requests that ended between `from` and `to` (epoch ms). Lines that are not request lines
 * (start-up, warnings) are skipped.
 */
export function serverTimes(logFile, from, to) {
  const samples = {}
  const cached = {}
  let text = ''
  try {
    text = fs.readFileSync(logFile, 'utf8')
  } catch {
    return {}
  }
  for (const line of text.split('\n')) {
    if (!line.startsWith('{') || !line.includes('"msg":"request"')) continue
    let entry
    try {
      entry = JSON.parse(line)
    } catch {
      continue
    }
    const at = Date.parse(entry.time)
    if (!(at >= from && at <= to)) continue
    const step = stepOf(entry)
    if (!step) continue
    ;(samples[step] ??= []).push(entry.durationMs)
    if (entry.route === 'front-cache') cached[step] = (cached[step] ?? 0) + 1
  }
  return Object.fromEntries(
    Object.entries(samples).map(([step, ms]) => [
      step,
      { ...percentiles(ms), fromFrontCache: cached[step] ?? 0 },
    ]),
  )
}
