// The production server: Next behind a micro-cache for the storefront's cached pages
// (scripts/front-cache.mjs). `npm start`, the end-to-end tests and the benchmark all run this.
//   PORT (3000), HOSTNAME (all interfaces): where to listen.
//   PAGE_CACHE_MB, FRONT_CACHE_MB: memory for the caches (lib/ops/settings.cjs).
//   LOG_LEVEL, METRICS_TOKEN, TRUST_PROXY: logs, /metrics, request ids (lib/ops/settings.cjs).
//   APP_URL, TRUST_PROXY: Strict-Transport-Security when the shop's origin is https (scripts/hsts.mjs).
// Every request is logged as one JSON line and measured (scripts/observe.mjs).
// An API GET's answer is compressed here rather than by Next (scripts/whole-compression.mjs).
//   SHUTDOWN_TIMEOUT_MS (10000): how long SIGTERM waits for requests in flight (scripts/shutdown.mjs).
// A body declared larger than its endpoint takes (lib/api/body-limits.cjs) is refused with 413
// before Next sees the request.
//   UNCACHED_MAX_ACTIVE, UNCACHED_MAX_QUEUED, UNCACHED_MAX_WAIT_MS: what Next works on at once,
//   and how many more may wait how long before a quick 503 (scripts/admission.mjs).
//   WARM_UP_MS (30000): how long the process may answer a shopper's first steps sent to itself
//   before it listens, so that it does not start cold under traffic; the first catalog read,
//   which waits for the database, has a bound of its own (scripts/warm-up.mjs).
import { createRequire } from 'node:module'
import { createServer } from 'node:http'
import path from 'node:path'
import { addAcceptHandles } from './accept-handles.mjs'
import { createAdmission, RETRY_AFTER_SECONDS } from './admission.mjs'
import {
  cacheableRequest,
  createFrontCache,
  publicApiRequest,
  requestContext,
} from './front-cache.mjs'
import { createHsts, HSTS_HEADER, HSTS_VALUE } from './hsts.mjs'
import { installDetachedScope } from './detached-scope.mjs'
import { createObserver } from './observe.mjs'
import { createStaticAssets } from './static-assets.mjs'
import { loadShopEnv } from './shop-env.mjs'
import { handleShutdown } from './shutdown.mjs'
import { warmUp } from './warm-up.mjs'
import { compressWhole, wholeCodingFor } from './whole-compression.mjs'

process.env.NODE_ENV = 'production'
const ROOT = path.resolve(import.meta.dirname, '..')
const require = createRequire(import.meta.url)
const { cacheSettings, opsSettings } = require('../lib/ops/settings.cjs')
const { batchedStdout, logger } = require('../lib/ops/logger.cjs')
const { bodyLimitFor } = require('../lib/api/body-limits.cjs')
const { corsHeadersFor } = require('../lib/api/cors.cjs')
// Every method a route of the API exports (the route table's own list).
const { HTTP_METHODS: API_METHODS } = require('../lib/api/http-methods.cjs')

/** Methods no route serves, refused before Next sees them (Next would answer them with a page). */
const PAGE_METHODS = 'GET, HEAD'

/**
 * Brings the request target to origin form (`/path?query`), or answers 400. HTTP/1.1 allows the
 * absolute form (`GET http://host/path`), which Next would turn into a redirect to that host;
 * `*` and anything else would reach Next and answer 500.
 */
function refuseOddTarget(req, res) {
  const url = req.url ?? ''
  if (url.startsWith('/')) return false
  if (/^https?:\/\//i.test(url) && URL.canParse(url)) {
    const { pathname, search } = new URL(url)
    req.url = `${pathname}${search}`
    return false
  }
  if (url === '*' && req.method === 'OPTIONS') {
    res.writeHead(204, { allow: PAGE_METHODS })
    res.end()
    return true
  }
  refuse(req, res, 400, 'The request target must be a path.')
  return true
}

/** Answers 400 to a path that is not valid percent-encoded UTF-8 (Next would answer 500). */
function refuseMalformedPath(req, res) {
  const url = req.url ?? ''
  const end = url.indexOf('?')
  try {
    decodeURIComponent(end === -1 ? url : url.slice(0, end))
    return false
  } catch {
    refuse(req, res, 400, 'The path is not valid percent-encoded UTF-8.')
    return true
  }
}

/**
 * Refuses a method the target cannot serve: pages answer GET and HEAD only; under /api/ each
 * route answers its own 405 (with its own Allow), except for methods no route ever serves.
 */
function refuseMethod(req, res) {
  const method = req.method ?? ''
  const api = isApi(req)
  if (method === 'GET' || method === 'HEAD') return false
  // Under /api/ each route answers its own 405 with its own Allow (lib/api/routes.ts) to the
  // methods routes export. The others Node's parser knows (TRACE, PROPFIND, PURGE, LINK…) are
  // refused here: Next answers TRACE not at all and the rest with an empty 400. (TRACK never
  // gets this far: Node's parser answers it with 400, and CONNECT goes to the 'connect' event.)
  if (api && API_METHODS.includes(method)) return false
  // A 405 must carry Allow; under /api/ that is every method the API uses anywhere.
  refuse(req, res, 405, `Method ${method} is not allowed here.`, {
    allow: api ? API_METHODS.join(', ') : PAGE_METHODS,
  })
  return true
}

/**
 * Answers 413 at once to a body declared (Content-Length) larger than its endpoint takes
 * (lib/api/body-limits.cjs, the table the handlers count streamed bodies against): not a byte of
 * it is read, and Next never gets to buffer any (it copies up to 10 MB of a body for proxy.ts).
 * Paths outside the API take no more than the JSON cap either: no page takes a body.
 */
function refuseLargeBody(req, res) {
  const declared = req.headers['content-length']
  if (declared === undefined) return false
  if (Number(declared) <= bodyLimitOf(req).maxBytes) return false
  refuse(req, res, 413, 'The request body is too large')
  return true
}

/**
 * An API write that takes JSON only (lib/api/body-limits.cjs) answers a little JSON: the signed-in
 * user, the cart, the order. Gzip makes it no faster to receive, and cost a zlib stream per
 * answer, about a twentieth of the order path's time; Next compresses what the request accepts,
 * so such a request reaches it without Accept-Encoding. The writes that take files keep it: the
 * product import's report grows with its file (up to 10,000 refused rows).
 */
function answersLittleJson(req) {
  if (req.method === 'GET' || req.method === 'HEAD' || !isApi(req)) return false
  return bodyLimitOf(req).maxFiles === 0
}

/** The body limits of the request's path (lib/api/body-limits.cjs). */
function bodyLimitOf(req) {
  const url = req.url ?? ''
  const end = url.indexOf('?')
  return bodyLimitFor(end === -1 ? url : url.slice(0, end))
}

/** How long a client may go on sending a body after its answer before it is hung up on. */
const LINGER_MS = 2_000

/**
 * An answer given before its request's body was read (a 413, a 401 before the body): the rest is
 * read and dropped for up to LINGER_MS, then the connection is closed. Closing it at once (as
 * Node does after an answer to a client that sent `Connection: close`) would reset it while the
 * client is still sending, and many clients then lose the answer they were sent. So such an
 * answer keeps the connection open (`Connection: keep-alive`): the client closes it, or the rest
 * of its body ends, or the time is up.
 */
function lingerOnUnreadBody(req, res) {
  // Taken now: by the time the answer is finished, Node may have let go of req.socket (it does
  // after a handler that read part of the body, as the API's streamed caps do), and a connection
  // nobody destroys then stays open for as long as its client likes, paused, unread.
  const socket = req.socket
  const writeHead = res.writeHead
  res.writeHead = function (...args) {
    if (!req.complete) res.shouldKeepAlive = true
    return writeHead.apply(this, args)
  }
  res.once('finish', () => {
    if (req.complete) return
    // Read and drop the rest (a handler that stopped reading at its cap left the body paused).
    req.resume()
    const timer = setTimeout(() => socket.destroy(), LINGER_MS)
    timer.unref()
    req.once('end', () => clearTimeout(timer))
    socket.once('close', () => clearTimeout(timer))
  })
}

/** An origin-form target (`/path?query`) on a request that says it carries no body. */
function plainBodilessTarget(req) {
  const length = req.headers['content-length']
  return (
    req.url?.startsWith('/') === true &&
    req.headers['transfer-encoding'] === undefined &&
    (length === undefined || length === '0')
  )
}

const isApi = (req) => /^\/api(\/|\?|$)/.test(req.url ?? '')

/** Probes answer whatever the load: a load balancer must not take a busy process for a dead one. */
const isProbe = (req) => /^\/api\/(health|ready)(\/|\?|$)/.test(req.url ?? '')

const BUSY_MESSAGE = 'The shop is very busy right now. Please try again in a moment.'
const BUSY_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Busy - ByteShop</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>We are very busy</h1><p>${BUSY_MESSAGE}</p><p><a href="">Try again</a></p></body></html>`

/** The quick answer to a request the process has no turn for (scripts/admission.mjs). */
function refuseBusy(req, res) {
  if (res.headersSent || res.destroyed) return
  const headers = { 'retry-after': String(RETRY_AFTER_SECONDS), 'cache-control': 'no-store' }
  if (isApi(req) || req.method !== 'GET') return refuse(req, res, 503, BUSY_MESSAGE, headers)
  res.writeHead(503, { ...headers, 'content-type': 'text/html; charset=utf-8' })
  res.end(req.method === 'HEAD' ? undefined : BUSY_PAGE)
}

/** An error answer in the API's JSON envelope under /api/, as plain text elsewhere. */
function refuse(req, res, status, message, headers = {}) {
  if (isApi(req)) {
    res.writeHead(status, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      // As every API answer: the CORS headers set at the start depend on the Origin.
      vary: 'Origin',
    })
    res.end(JSON.stringify({ success: false, message }))
  } else {
    res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8' })
    res.end(message)
  }
}

export async function startServer({ port: portOption, hostname = process.env.HOSTNAME } = {}) {
  // A bad setting stops the start with a message naming it, before anything else happens.
  const settings = cacheSettings(process.env)
  const ops = opsSettings(process.env)
  const port = portOption ?? ops.port
  // The first call makes the process's logger: a turn's lines in one write (lib/ops/logger.cjs).
  const log = logger({ write: batchedStdout() })
  const { default: next } = await import('next')
  const frontCache = createFrontCache({
    maxBytes: settings.frontCacheBytes,
  })
  // Process-wide hooks (each declared in lib/ops/process-hooks.d.ts): the page cache handler
  // tells the front cache which tags changed (lib/cache/cache-handler.cjs).
  globalThis.__shopFrontCache = frontCache
  // The embedded database runs in a worker thread of this script (lib/db/client.ts).
  globalThis.__shopPgliteWorker = path.join(ROOT, 'lib/db/pglite-worker.mjs')
  // Passwords are checked in threads of their own (lib/auth/password-threads.ts).
  globalThis.__shopPasswordWorker = path.join(ROOT, 'lib/auth/password-worker.mjs')
  // Where the rate limits' timers are made: outside every request (lib/auth/rate-limit.ts).
  installDetachedScope()
  // Next's own idea of its address, not where we listen (that is `hostname`, below): Next turns the
  // proxy's rewrites into HTTP requests to itself, a second request through this server, whenever
  // their origin differs from this one, and it builds that origin with `localhost` whatever
  // HOSTNAME says.
  const app = next({ dev: false, dir: ROOT, port, hostname: 'localhost' })
  const handle = app.getRequestHandler()
  await app.prepare()
  const admission = createAdmission(ops.admission)
  const staticAssets = createStaticAssets({ root: ROOT, log: (line) => log.info(line) })
  const hsts = createHsts({
    appUrl: process.env.APP_URL,
    trustProxy: ops.trustProxy,
  })
  const observer = createObserver({
    logger: log,
    trustProxy: ops.trustProxy,
    metricsToken: ops.metricsToken,
    frontCache,
    admission,
  })
  /** @type {import('node:http').RequestListener} */
  const onRequest = (req, res) => {
    const request = observer.begin(req, res)
    // The headers of this request's answer, whoever gives it below (the front cache, static
    // files, Next, the refusals): its id; CORS for an allowed origin on every API answer (Next
    // sets the same); HSTS when the shop is on https.
    const own = { 'X-Request-Id': request.id }
    if (isApi(req)) Object.assign(own, corsHeadersFor(req.headers.origin, ops.allowedOrigins))
    if (hsts(req)) own[HSTS_HEADER] = HSTS_VALUE
    // A copy first, at the cost of a static file: a plain target without a body has nothing for
    // the checks below to refuse. The rest ask the front cache after them; never twice (a stale
    // copy's first request is the one that has Next make it again, and must not then get it).
    const plain = plainBodilessTarget(req)
    const sent = plain ? frontCache.serve(req, res, own) : false
    if (sent !== false) return request.answered(sent)
    request.countBody()
    for (const name in own) res.setHeader(name, own[name])
    lingerOnUnreadBody(req, res)
    if (refuseOddTarget(req, res)) return
    if (refuseLargeBody(req, res)) return
    if (observer.serveMetrics(req, res)) return
    if (staticAssets.serve(req, res)) return request.servedBy('static')
    if (!plain) {
      const sent = frontCache.serve(req, res)
      if (sent !== false) return request.answered(sent)
    }
    if (refuseMethod(req, res)) return
    if (refuseMalformedPath(req, res)) return
    if (cacheableRequest(req) || publicApiRequest(req)) request.frontCacheMiss()
    if (answersLittleJson(req)) delete req.headers['accept-encoding']
    // An API GET's answer is compressed by this server, not in a zlib stream of Next's: a JSON
    // answer once it is whole, a download as it comes (scripts/whole-compression.mjs).
    const wholeCoding = wholeCodingFor(req)
    const toNext = () => {
      // The page cache handler records here when this request began and which tags it touched;
      // the peer address is for rate limits (lib/api/client-ip.ts); the request id is the one of
      // the log line and the X-Request-Id header (lib/api/log.ts).
      const context = {
        startedAt: Date.now(),
        tags: new Set(),
        peer: req.socket.remoteAddress,
        requestId: request.id,
      }
      requestContext.run(context, () => {
        frontCache.capture(req, res, own)
        if (wholeCoding) compressWhole(req, res, wholeCoding)
        handle(req, res).catch((error) => {
          log.error(
            { requestId: request.id, error: error instanceof Error ? error.stack : String(error) },
            'request failed',
          )
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          res.end('Internal Server Error')
        })
      })
    }
    if (isProbe(req)) return toNext()
    admission.admit(res, toNext, () => {
      request.servedBy('busy')
      refuseBusy(req, res)
    })
  }
  const server = createServer(onRequest)
  // CONNECT never reaches the request handler; without this it would just be hung up on.
  server.on('connect', (_req, socket) => {
    const message = 'Method CONNECT is not allowed here.'
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${PAGE_METHODS}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${message.length}\r\nConnection: close\r\n\r\n${message}`,
    )
  })
  // Keep-alive a little longer than common proxies' idle timeouts.
  server.keepAliveTimeout = 65_000
  // SIGTERM/SIGINT: stop accepting, finish what is in flight, close the database, exit. From
  // before the warm-up on: a signal while the process warms up or opens its port (a deploy that
  // changes its mind, a test that stops it at once) is a clean stop too, not a kill.
  handleShutdown(server, { timeoutMs: ops.shutdownTimeoutMs })
  // Warm before taking traffic, with the origin Next takes for its own (see `next(…)` above).
  const warm = await warmUp(onRequest, { host: `localhost:${port}`, timeoutMs: ops.warmUpMs })
  const { stopped, failed } = warm
  if (stopped || failed.length > 0) log.warn(warm, 'warm-up incomplete')
  else log.info(warm, 'warmed up')
  // Stopping already: the port is not opened.
  if (globalThis.__shopShuttingDown) return server
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, hostname, resolve)
  })
  const acceptHandles = await addAcceptHandles(server, ops.acceptHandles, (m) => log.warn(m))
  log.info({ url: `http://${hostname || 'localhost'}:${port}`, acceptHandles }, 'ByteShop ready')
  return server
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Before startServer reads a setting (Next loads the same files, but only in app.prepare());
  // scripts/start.mjs does the same. Not on import: a test importing this module gets no .env.
  loadShopEnv()
  startServer().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
