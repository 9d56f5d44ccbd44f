// What the shop's server tells about each request (scripts/server.mjs): one log line with its id,
// method, path, status, duration and size, the id for its X-Request-Id header, and the metrics
// (Prometheus) served at /metrics (off unless METRICS_TOKEN is set, then only for that bearer token).
//
// Metric labels stay few whatever the traffic: the method (or OTHER), a route class rather than
// the path (every product URL would be a new series otherwise) and the status class.
import { createRequire } from 'node:module'
import { performance } from 'node:perf_hooks'

const require = createRequire(import.meta.url)
const promClient = require('prom-client')
const { bearerMatches, fromTrustedProxy, requestIdFor } = require('../lib/ops/settings.cjs')
const { flatLineWriter, loggedPath } = require('../lib/ops/logger.cjs')

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
/** Classes whose requests are probes and scrapes: logged at debug level, to keep the log quiet. */
const QUIET = new Set(['health', 'metrics'])

/** The route class of a request target (the server may still learn a better one: `served`). */
export function routeClass(url) {
  const end = url.indexOf('?')
  const path = end === -1 ? url : url.slice(0, end)
  if (/^\/api\/(health|ready)\/?$/.test(path)) return 'health'
  if (path === '/metrics' || path === '/metrics/') return 'metrics'
  if (path === '/api' || path.startsWith('/api/')) return 'api'
  if (path.startsWith('/media/') || path.startsWith('/_next/image')) return 'media'
  if (path.startsWith('/_next/')) return 'static'
  return 'page'
}

const byteLength = (chunk, encoding) =>
  typeof chunk === 'string'
    ? Buffer.byteLength(chunk, typeof encoding === 'string' ? encoding : 'utf8')
    : chunk && typeof chunk === 'object' && 'byteLength' in chunk
      ? chunk.byteLength
      : 0

/** The app's database handle (lib/db/client.ts) once it is open; never waited for. */
async function openDatabaseHandle() {
  const pending = globalThis.__shopDb?.handle
  if (!pending) return undefined
  return Promise.race([
    pending.catch(() => undefined),
    new Promise((resolve) => setImmediate(() => resolve(undefined))),
  ])
}

/**
 * A histogram for prom-client's registry whose observations cost an array update: each series
 * is named by one string, its label values joined by spaces (none may hold a space).
 * @param {import('prom-client').Registry} registry
 * @param {{ name: string, help: string, labelNames: string[], buckets: number[] }} options
 */
export function createHistogram(registry, { name, help, labelNames, buckets }) {
  /** @type {Map<string, { labels: Record<string, string>, counts: number[], sum: number }>} */
  const series = new Map()
  const get = () => {
    const values = []
    for (const { labels, counts, sum } of series.values()) {
      let cumulative = 0
      buckets.forEach((le, i) => {
        cumulative += counts[i] ?? 0
        values.push({ labels: { ...labels, le }, value: cumulative, metricName: `${name}_bucket` })
      })
      cumulative += counts[buckets.length] ?? 0
      values.push({
        labels: { ...labels, le: '+Inf' },
        value: cumulative,
        metricName: `${name}_bucket`,
      })
      values.push({ labels, value: sum, metricName: `${name}_sum` })
      values.push({ labels, value: cumulative, metricName: `${name}_count` })
    }
    return { name, help, type: 'histogram', values, aggregator: 'sum' }
  }
  registry.registerMetric(
    /** @type {any} prom-client takes any object with these members */ ({
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      get: async () => get(),
      reset: () => series.clear(),
    }),
  )
  return {
    /** @param {string} key the label values, space-separated, in labelNames' order */
    observe(key, value) {
      let s = series.get(key)
      if (!s) {
        const parts = key.split(' ')
        const labels = Object.fromEntries(labelNames.map((label, i) => [label, parts[i] ?? '']))
        series.set(key, (s = { labels, counts: new Array(buckets.length + 1).fill(0), sum: 0 }))
      }
      let i = 0
      while (i < buckets.length && value > buckets[i]) i++
      s.counts[i]++
      s.sum += value
    },
  }
}

/**
 * @param {{ logger: import('pino').Logger, trustProxy: boolean | string[], metricsToken?: string,
 *   frontCache?: { stats: () => { entries: number, bytes: number } },
 *   admission?: { stats: () => { active: number, queued: number, shed: number } } }} options
 */
export function createObserver({ logger, trustProxy, metricsToken, frontCache, admission }) {
  const registry = new promClient.Registry()
  promClient.collectDefaultMetrics({ register: registry })
  // What each request updates is kept in plain numbers here and handed to prom-client when
  // /metrics is scraped: its per-call label hashing and checks were a tenth of the time of
  // answering a cached page.
  const duration = createHistogram(registry, {
    name: 'shop_http_request_duration_seconds',
    help: 'Time from the request to the end of its response, by method, route class and status class',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  })
  let inFlight = 0
  new promClient.Gauge({
    name: 'shop_http_requests_in_flight',
    help: 'Requests received and not yet answered',
    registers: [registry],
    collect() {
      this.set(inFlight)
    },
  })
  const lookups = { hit: 0, miss: 0 }
  new promClient.Counter({
    name: 'shop_front_cache_lookups_total',
    help: 'Storefront page and public API read requests the front cache answered (hit) or passed to Next (miss)',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset()
      this.inc({ result: 'hit' }, lookups.hit)
      this.inc({ result: 'miss' }, lookups.miss)
    },
  })
  const writeLine = flatLineWriter(logger)
  if (frontCache) {
    new promClient.Gauge({
      name: 'shop_front_cache_entries',
      help: 'Pages held by the front cache',
      registers: [registry],
      collect() {
        this.set(frontCache.stats().entries)
      },
    })
    new promClient.Gauge({
      name: 'shop_front_cache_bytes',
      help: 'Memory the front cache accounts for its pages',
      registers: [registry],
      collect() {
        this.set(frontCache.stats().bytes)
      },
    })
  }
  if (admission) {
    new promClient.Gauge({
      name: 'shop_uncached_requests',
      help: 'Requests Next works on (active) and requests waiting for a turn (queued)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const { active, queued } = admission.stats()
        this.set({ state: 'active' }, active)
        this.set({ state: 'queued' }, queued)
      },
    })
    new promClient.Counter({
      name: 'shop_shed_requests_total',
      help: 'Requests answered 503 because the queue for a turn was full or the wait ran out',
      registers: [registry],
      collect() {
        this.reset()
        this.inc(admission.stats().shed)
      },
    })
  }
  new promClient.Gauge({
    name: 'shop_db_pool_connections',
    help: 'PostgreSQL pool connections (DATABASE_URL only): total, idle, and clients waiting for one',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const pool = (await openDatabaseHandle())?.pool
      if (!pool) return
      this.set({ state: 'total' }, pool.totalCount)
      this.set({ state: 'idle' }, pool.idleCount)
      this.set({ state: 'waiting' }, pool.waitingCount)
    },
  })
  new promClient.Gauge({
    name: 'shop_mail_outbox_pending',
    help: 'Mails waiting in the outbox to be sent, due now or on a later retry (one outbox for all hosts)',
    registers: [registry],
    async collect() {
      const count = globalThis.__shopMailPending
      if (!count) return
      // A database that fails or takes over 2 s leaves the gauge as it was: the scrape answers.
      let timer
      const late = new Promise((resolve) => {
        timer = setTimeout(resolve, 2000, undefined)
      })
      const pending = await Promise.race([count().catch(() => undefined), late])
      clearTimeout(timer)
      if (pending !== undefined) this.set(pending)
    },
  })
  new promClient.Counter({
    name: 'shop_db_statements_total',
    help: 'Statements this process sent to the database, BEGIN and COMMIT included (on PostgreSQL, round trips)',
    registers: [registry],
    async collect() {
      const handle = await openDatabaseHandle()
      if (!handle) return
      this.reset()
      this.inc(handle.statements())
    },
  })

  /**
   * Starts watching a request: gives it its id (for its X-Request-Id header, which the server
   * sets), and logs and measures it once its response is finished or the connection is gone.
   * Its body's bytes are those `answered` gives, or counted as written after `countBody()`.
   */
  function begin(req, res) {
    const started = performance.now()
    const id = requestIdFor(
      req.headers['x-request-id'],
      fromTrustedProxy(trustProxy, req.socket.remoteAddress),
    )
    const method = req.method ?? ''
    // Now: Next rewrites req.url while it handles the request.
    const url = req.url ?? ''
    /** @type {string | undefined} the class of the part that answered, if better than the path's */
    let route
    let bytes = 0
    inFlight++
    // A response is closed once it is finished (just after) or its connection is gone before.
    res.once('close', () => {
      inFlight--
      const aborted = !res.writableFinished
      const seconds = (performance.now() - started) / 1000
      const status = res.statusCode
      route ??= routeClass(url)
      duration.observe(
        `${METHODS.has(method) ? method : 'OTHER'} ${route} ${aborted ? 'aborted' : `${Math.floor(status / 100)}xx`}`,
        seconds,
      )
      const level = QUIET.has(route) ? 'debug' : status >= 500 ? 'warn' : 'info'
      if (!logger.isLevelEnabled(level)) return
      const fields = {
        requestId: id,
        method,
        path: loggedPath(url),
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
        bytes: method === 'HEAD' ? 0 : bytes,
        route,
      }
      if (aborted) fields.aborted = true
      writeLine(level, fields, 'request')
    })
    return {
      id,
      /** Records which part of the server answered (a better class than the path's). */
      servedBy(name) {
        route = name
      },
      /** A copy of the front cache answered, with `sent` bytes of body. */
      answered(sent) {
        route = 'front-cache'
        bytes = sent
        lookups.hit++
      },
      /** Counts the body's bytes as they are written (every answer but a copy's). */
      countBody() {
        const write = res.write
        const end = res.end
        res.write = function (chunk, encoding, cb) {
          bytes += byteLength(chunk, encoding)
          return write.call(this, chunk, encoding, cb)
        }
        res.end = function (chunk, encoding, cb) {
          if (typeof chunk !== 'function') bytes += byteLength(chunk, encoding)
          return end.call(this, chunk, encoding, cb)
        }
      },
      /** A storefront page the front cache could have answered went to Next. */
      frontCacheMiss() {
        lookups.miss++
      },
    }
  }

  /**
   * Answers /metrics when METRICS_TOKEN is set (otherwise returns false: the request goes on to
   * Next's not-found page, as for any unknown path). Returns whether it answered.
   */
  function serveMetrics(req, res) {
    if (!metricsToken || routeClass(req.url ?? '') !== 'metrics') return false
    const headers = { 'cache-control': 'no-store' }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, allow: 'GET, HEAD', 'content-type': 'text/plain' })
      res.end('Method not allowed; use GET.')
    } else if (!bearerMatches(req.headers.authorization, metricsToken)) {
      res.writeHead(401, {
        ...headers,
        'www-authenticate': 'Bearer realm="metrics"',
        'content-type': 'text/plain; charset=utf-8',
      })
      res.end('The metrics need the bearer token of METRICS_TOKEN.')
    } else {
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { ...headers, 'content-type': registry.contentType })
          res.end(req.method === 'HEAD' ? undefined : text)
        },
        (error) => {
          logger.error({ error: String(error) }, 'metrics failed')
          res.writeHead(500, { ...headers, 'content-type': 'text/plain' })
          res.end('The metrics could not be collected.')
        },
      )
    }
    return true
  }

  return { begin, serveMetrics, registry }
}
