// A micro-cache in front of Next for the storefront's cached pages.
//
// Next serves a cached page (x-nextjs-cache: HIT) without rendering, but still runs its whole
// request pipeline, the proxy included, for each request. Storefront pages are the same bytes
// for every visitor (docs/decisions/0003-caching.md), so once Next has produced one, the same
// response is replayed from here for the same URL and negotiated encoding, at the cost of a
// static file.
//
// Correctness rules (each one has a test in front-cache.test.ts or front-cache.property.test.ts):
// - An entry is stored under the content coding its bytes actually have (Next may compress or
//   not), and replayed only to a request whose preferred coding is that one, so no client ever
//   gets bytes it did not ask for. Every page says `Vary: Accept-Encoding`.
// - Each entry knows the cache tags of its page (recorded by lib/cache/cache-handler.cjs in the
//   request's context, see `requestContext`); `invalidate(tags)` drops only those entries. An
//   entry whose tags are unknown is dropped by every invalidation.
// - A response whose making began before an invalidation of one of its tags is not stored: it
//   may hold data read before the change.
// - A stock change (an order) invalidates softly (`invalidate(tags, { soft: true })`): the pages
//   it concerns stay and are replayed for at most `staleMs` more; once half of that has passed,
//   one request (never two at once) has Next make the page again; past the bound they are
//   dropped. A page made while such changes landed is kept, stale from the first change it may
//   miss. Admin changes stay hard.
// - The headers the server gives each answer for its own request (its id, CORS, HSTS) are never
//   kept: each replay gets those of its own request.
// - Entries live at most `maxAgeSeconds`, a backstop for a missed invalidation.
// - Only plain document GETs are kept (and the API's public catalog reads for callers who are not
//   signed in, keyed by Origin too): no client-navigation (RSC) requests, no other API calls, no
//   responses that set cookies or are private, and only what Next itself served from or into its
//   cache (for the API: only answers whose reads' tags are known).
import { AsyncLocalStorage } from 'node:async_hooks'
import { createRequire } from 'node:module'

// The cache's lifetimes are the page cache's, set in one place.
const require = createRequire(import.meta.url)
const {
  MAX_AGE_SECONDS,
  PAGE_CACHE_CONTROL,
  PAGE_TAGS_HEADER,
  readPageTags,
  STOCK_LAG_MS,
} = require('../lib/cache/cache-settings.cjs')
// A stored page's own Content-Security-Policy (the hashes of its inline scripts, lib/csp.ts).
const { PAGE_POLICY_HEADER } = require('../lib/csp-policy.cjs')

const MAX_ENTRY = 2 * 1024 * 1024
/** Allowed origins the API's copies are kept for (ALLOWED_ORIGINS is a short list). */
const MAX_CORS_ORIGINS = 64
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'content-length',
])
/** Tag of entries whose page tags are unknown: every invalidation drops them. */
const ANY = '*'
/** What Next's compression can produce, in its order of preference for equal q-values. */
const CODINGS = ['gzip', 'deflate', 'identity']

/**
 * Per-request context shared with the page cache handler (same process, so a global): when the
 * request started (its time, and its place among invalidations, `sequence`), and the cache tags
 * of every entry it read or wrote.
 * @type {AsyncLocalStorage<{ startedAt: number, tags: Set<string>, dataFrom?: number,
 *   sequence?: number }>}
 */
export const requestContext = (globalThis.__shopRequestContext ??= new AsyncLocalStorage())

/** An Accept-Encoding header as coding → q-value (lower-cased; a malformed q counts as 0). */
export function codingWeights(header) {
  const q = new Map()
  for (const part of String(header).split(',')) {
    const [name = '', ...params] = part.split(';')
    const coding = name.trim().toLowerCase()
    if (!coding) continue
    let weight = 1
    for (const param of params) {
      const [key, value] = param.split('=')
      if (key?.trim().toLowerCase() === 'q') {
        const n = Number(value?.trim())
        weight = Number.isFinite(n) && n >= 0 && n <= 1 ? n : 0
      }
    }
    q.set(coding, weight)
  }
  return q
}

/**
 * The content coding a request prefers among those Next produces (RFC 9110 §12.5.3: q-values,
 * `*`, `identity;q=0`), or undefined when it accepts none of them. No header means identity:
 * clients that send none (curl, monitors, link previews) cannot decode anything else.
 */
export function preferredCoding(header) {
  if (header === undefined) return 'identity'
  const q = codingWeights(header)
  const star = q.get(ANY)
  let best
  let bestQ = 0
  for (const coding of CODINGS) {
    let weight = q.get(coding)
    // identity is acceptable unless excluded by itself or by `*;q=0`
    if (weight === undefined) weight = coding === 'identity' ? (star === 0 ? 0 : 1) : (star ?? 0)
    // ties go to the earlier coding; identity only wins a tie when nothing else is wanted more
    if (weight > bestQ) {
      best = coding
      bestQ = weight
    }
  }
  return best
}

// Browsers send a handful of distinct headers: remember their answers (bounded).
const codingMemo = new Map()
/** The coding a request prefers (`preferredCoding` of its Accept-Encoding), remembered. */
export function requestCoding(req) {
  const header = req.headers['accept-encoding']
  const memoKey = header === undefined ? '\0' : header
  let coding = codingMemo.get(memoKey)
  if (coding === undefined && !codingMemo.has(memoKey)) {
    if (codingMemo.size > 256) codingMemo.clear()
    coding = preferredCoding(header)
    codingMemo.set(memoKey, coding)
  }
  return coding
}

/**
 * The public catalog reads of the API a copy may answer: the product list, a product, its
 * reviews. Never for a signed-in caller (the session cookie), a conditional or authorized request.
 */
const PUBLIC_API = /^\/api\/v1\/(products(\?|$)|product\/[^/?]+(\?|$)|reviews\?)/
// SESSION_COOKIE of lib/auth/session-cookie.ts (TypeScript, out of reach here); front-cache.test.ts
// sends the name from there, so a rename that missed this line fails the test.
const SESSION_COOKIE = /(^|;)\s*shop_session=/

export function publicApiRequest(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  if (!PUBLIC_API.test(req.url || '')) return false
  const h = req.headers
  if (h.authorization || h['if-none-match'] || h['if-modified-since']) return false
  return !SESSION_COOKIE.test(String(h.cookie ?? ''))
}

export function cacheableRequest(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const url = req.url || ''
  if (url.startsWith('/api/') || url.startsWith('/_next/') || url.includes('_rsc=')) return false
  const h = req.headers
  return !(h.rsc || h['next-router-prefetch'] || h['next-router-state-tree'] || h['next-action'])
}

/**
 * A chunk handed to `res.write` or `res.end` as the bytes it stands for (a string in its encoding,
 * utf8 by default).
 * @param {string | Uint8Array} chunk
 * @param {unknown} [encoding]
 * @returns {Buffer}
 */
export function chunkBuffer(chunk, encoding) {
  if (Buffer.isBuffer(chunk)) return chunk
  if (typeof chunk === 'string') {
    return Buffer.from(
      chunk,
      typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8',
    )
  }
  return Buffer.from(chunk)
}

/** Adds `Accept-Encoding` to a Vary header value unless it is there already. */
export function withVary(value) {
  const current = value === undefined ? '' : String(value)
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return current
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding'
}

/** How long soft invalidations are remembered one by one (past that, only the newest one). */
const SOFT_MEMORY_MS = 60_000
/** How many soft invalidations are remembered one by one per tag. */
const SOFT_PER_TAG = 256

/**
 * @param {{ maxBytes?: number, maxAgeSeconds?: number, htmlCacheControl?: string,
 *   staleMs?: number, now?: () => number }} [options]
 */
export function createFrontCache({
  maxBytes = 64 * 1024 * 1024,
  maxAgeSeconds = MAX_AGE_SECONDS,
  htmlCacheControl = PAGE_CACHE_CONTROL,
  staleMs = STOCK_LAG_MS,
  now = Date.now,
} = {}) {
  /** @type {Map<string, { status: number, headers: (string | string[])[], body: Buffer, tags: string[], cost: number, expiresAt: number, staleUntil?: number }>} */
  const entries = new Map()
  /**
   * tag → its recent soft invalidations' times, oldest first, and the newest time no longer kept
   * @type {Map<string, { times: number[], forgotten: number }>}
   */
  const softAt = new Map()
  /** @type {Map<string, object>} key → the request making that stale page again */
  const refreshing = new Map()
  /**
   * Origins whose API answers carried their CORS headers (the shop's ALLOWED_ORIGINS, as met):
   * only they get copies of their own. Any other Origin is answered by Next every time, so that
   * made-up Origin values cannot fill the cache with copies and push the useful ones out.
   * @type {Set<string>}
   */
  const corsOrigins = new Set()
  /** An API copy's origin part: '' without Origin, the origin if it is known, else none. */
  const originPart = (req) => {
    const origin = req.headers.origin
    if (origin === undefined) return ''
    return corsOrigins.has(origin) ? origin : undefined
  }
  /** The entry key: the coding, the URL as asked, and for the API the origin part. */
  function keyOf(api, req, coding, url) {
    return api ? `${coding} ${url} ${originPart(req)}` : `${coding} ${url}`
  }
  /** @type {Map<string, Set<string>>} tag → keys of the entries that carry it */
  const byTag = new Map()
  /** @type {Map<string, number>} tag → sequence number of its last invalidation */
  const invalidatedAt = new Map()
  let sequence = 0
  let purgedAt = 0
  let bytes = 0

  function remove(key) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.cost
    for (const tag of entry.tags) {
      const keys = byTag.get(tag)
      if (!keys) continue
      keys.delete(key)
      if (keys.size === 0) byTag.delete(tag)
    }
  }

  /** Drops every entry: the process may have missed invalidations. */
  function purge() {
    entries.clear()
    byTag.clear()
    invalidatedAt.clear()
    softAt.clear()
    bytes = 0
    purgedAt = ++sequence
  }

  /**
   * Drops the entries of pages that carry any of these tags (and those of unknown tags); a soft
   * invalidation (a stock change) marks them stale instead, to be replayed for `staleMs` more.
   * @param {Iterable<string>} tags
   * @param {{ soft?: boolean }} [options]
   */
  function invalidate(tags, { soft = false } = {}) {
    if (!soft || staleMs <= 0) {
      sequence++
      for (const tag of [...tags, ANY]) {
        invalidatedAt.set(tag, sequence)
        for (const key of [...(byTag.get(tag) ?? [])]) remove(key)
      }
      return
    }
    const at = now()
    for (const tag of [...tags, ANY]) {
      let log = softAt.get(tag)
      if (!log) softAt.set(tag, (log = { times: [], forgotten: -Infinity }))
      log.times.push(at)
      while (log.times.length > SOFT_PER_TAG || (log.times[0] ?? at) < at - SOFT_MEMORY_MS) {
        log.forgotten = log.times.shift() ?? log.forgotten
      }
      for (const key of byTag.get(tag) ?? []) {
        const entry = entries.get(key)
        if (entry && entry.staleUntil === undefined) entry.staleUntil = at + staleMs
      }
    }
  }

  /**
   * When a page made from data read at `dataTime` stops being good enough: `staleMs` after the
   * first soft invalidation of its tags since then, Infinity when there was none. When that
   * first one is no longer known one by one, as if it came at `dataTime` (the bound holds).
   */
  function staleUntilFor(tags, dataTime) {
    let first = Infinity
    for (const tag of tags) {
      const log = softAt.get(tag)
      if (!log) continue
      if (log.forgotten >= dataTime) return dataTime + staleMs
      const missed = log.times.find((t) => t >= dataTime)
      if (missed !== undefined && missed < first) first = missed
    }
    return first === Infinity ? Infinity : first + staleMs
  }

  /**
   * Answers from the cache when it can: returns the bytes of body sent (0 for HEAD), or false
   * when it did not answer. `own`: the headers the server gives this request's answer whoever
   * answers (its id, CORS, HSTS: scripts/server.mjs), sent with the copy's; given here rather
   * than set beforehand, they cost one header block instead of a merge of two.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {Record<string, string>} [own]
   */
  function serve(req, res, own) {
    const api = publicApiRequest(req)
    if (!api && !cacheableRequest(req)) return false
    const coding = requestCoding(req)
    if (coding === undefined) return false
    if (api && originPart(req) === undefined) return false
    const key = keyOf(api, req, coding, req.url)
    const entry = entries.get(key)
    if (!entry) return false
    const at = now()
    if (entry.expiresAt <= at) {
      remove(key)
      return false
    }
    if (entry.staleUntil !== undefined) {
      // Past the bound: Next makes it again (and makes it once for all who ask meanwhile).
      if (entry.staleUntil <= at) {
        remove(key)
        return false
      }
      // Within it, once the copy has been stale for half the bound: the first GET has Next make
      // it again, the others get this copy meanwhile. Not sooner: a product that sells several
      // times a second would be made again after every order, one render after another, though
      // the bound allows a copy per second (the second half is the render's time to finish).
      if (req.method === 'GET' && !refreshing.has(key) && at >= entry.staleUntil - staleMs / 2) {
        refreshing.set(key, req)
        res.once('close', () => {
          if (refreshing.get(key) === req) refreshing.delete(key)
        })
        return false
      }
    }
    entries.delete(key)
    entries.set(key, entry) // most recently used last
    // As a flat list of names and values: Node writes it as it is, where an object (a merge of
    // the copy's and this request's) cost a slow copy and a walk over its keys, about a tenth of
    // the time of a replay.
    let headers = entry.headers
    if (own) {
      headers = headers.slice()
      for (const name in own) headers.push(name, own[name])
    }
    res.writeHead(entry.status, headers)
    if (req.method === 'HEAD') {
      res.end()
      return 0
    }
    res.end(entry.body)
    return entry.body.length
  }

  /**
   * Sets the shop's header policy on a response Next is about to write (any request), and, for
   * cacheable ones, keeps the response if it qualifies. Call before handing the request to Next.
   * `own`: the headers the server gave this answer for its own request (as for `serve`): a copy
   * never keeps them, each replay gets those of its own request.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {Record<string, string>} [own]
   */
  function capture(req, res, own = {}) {
    const api = publicApiRequest(req)
    const cacheable = (cacheableRequest(req) || api) && req.method === 'GET'
    const context = requestContext.getStore()
    // Where this request began among the invalidations: a page entry made by its render keeps it
    // (lib/cache/cache-handler.cjs), for requests Next answers with that render.
    const begun = sequence
    if (context) context.sequence = begun
    const writeHead = res.writeHead.bind(res)
    /** The tags, data time and start of the page Next answered with (cache-settings.cjs). */
    let page
    // Headers handed to writeHead are not readable with getHeader: move them to setHeader first.
    res.writeHead = (status, reason, headers) => {
      const given = typeof reason === 'object' ? reason : headers
      if (given && !Array.isArray(given)) {
        for (const [name, value] of Object.entries(given)) {
          if (value !== undefined) res.setHeader(name, value)
        }
      }
      const pageTags = res.getHeader(PAGE_TAGS_HEADER)
      if (pageTags !== undefined) {
        page = readPageTags(pageTags)
        res.removeHeader(PAGE_TAGS_HEADER)
      }
      // A page from Next's page cache brings its own policy, with the hashes of its inline
      // scripts: it replaces the path's default one (two policies would both apply).
      const ownPolicy = res.getHeader(PAGE_POLICY_HEADER)
      if (ownPolicy !== undefined) {
        res.setHeader(
          'content-security-policy',
          Array.isArray(ownPolicy) ? ownPolicy[0] : ownPolicy,
        )
        res.removeHeader(PAGE_POLICY_HEADER)
      }
      // Next marks its cached pages `s-maxage=31536000`: a CDN would pin them for a year and
      // miss every change. Pages (and their client-navigation payloads) may be kept briefly.
      if (/s-maxage=/.test(String(res.getHeader('cache-control') ?? ''))) {
        res.setHeader('cache-control', htmlCacheControl)
      }
      // Next 16 sends a cached page's redirect target twice (`Location: /a, /a`): send it once.
      const location = res.getHeader('location')
      if (Array.isArray(location)) res.setHeader('location', location[0] ?? '')
      // Pages and the API reads kept here come in more than one coding: say so to caches.
      if (api || String(res.getHeader('content-type') ?? '').startsWith('text/html')) {
        res.setHeader('vary', withVary(res.getHeader('vary')))
      }
      return typeof reason === 'string' ? writeHead(status, reason) : writeHead(status)
    }
    if (!cacheable) return

    const ownNames = new Set(Object.keys(own).map((name) => name.toLowerCase()))
    const startedAt = now()
    // Now: Next rewrites req.url to its internal route while it handles the request.
    const url = req.url
    const chunks = []
    let size = 0
    const write = res.write.bind(res)
    const end = res.end.bind(res)
    const keep = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_ENTRY)
        return
      const buf = chunkBuffer(chunk, encoding)
      size += buf.length
      chunks.push(buf)
    }
    res.write = (chunk, encoding, cb) => {
      keep(chunk, encoding)
      return write(chunk, encoding, cb)
    }
    res.end = (chunk, encoding, cb) => {
      keep(chunk, encoding)
      const result = end(chunk, encoding, cb)
      store()
      return result
    }
    function store() {
      if (size > MAX_ENTRY) return
      const type = String(res.getHeader('content-type') || '')
      if (api) {
        // An API answer is kept only when its reads are known (their tags): a read outside the
        // catalog's caches could not be invalidated.
        if (res.statusCode !== 200 || !type.startsWith('application/json')) return
        if (!context || context.tags.size === 0) return
        // From another origin: kept only when the shop allows it (its CORS headers name it).
        const origin = req.headers.origin
        if (origin !== undefined) {
          if (res.getHeader('access-control-allow-origin') !== origin) return
          if (corsOrigins.size < MAX_CORS_ORIGINS) corsOrigins.add(origin)
          if (!corsOrigins.has(origin)) return
        }
      } else {
        if (res.statusCode !== 200 && res.statusCode !== 404) return
        const cacheState = String(res.getHeader('x-nextjs-cache') || '')
        if (cacheState !== 'HIT' && cacheState !== 'MISS') return
        if (!type.startsWith('text/html')) return
      }
      if (res.getHeader('set-cookie')) return
      if (/private|no-store/.test(String(res.getHeader('cache-control') || ''))) return
      // The tags of what the request read and wrote, and of the page's entry: a request Next
      // answered with another one's render has only the latter.
      const known = new Set(context?.tags)
      for (const tag of page?.tags ?? []) known.add(tag)
      const tags = known.size > 0 ? [...known] : [ANY]
      const dataTime = Math.min(
        startedAt,
        context?.dataFrom ?? Infinity,
        page?.dataFrom ?? Infinity,
      )
      // Made (even in part) before a change to its data or a purge: it may show the old data.
      // The render may have begun before this request did (see above).
      const started = Math.min(begun, page?.sequence ?? Infinity)
      if (purgedAt > started) return
      for (const tag of tags) if ((invalidatedAt.get(tag) ?? 0) > started) return
      // Made from data read before stock changes: kept, stale from the first one it may miss.
      const staleUntil = staleUntilFor(tags, dataTime)
      if (staleUntil <= now()) return
      const coding = String(res.getHeader('content-encoding') || 'identity').toLowerCase()
      const headers = []
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (HOP_BY_HOP.has(name) || ownNames.has(name) || value === undefined) continue
        if (name === 'x-nextjs-cache') {
          headers.push([name, 'HIT']) // what every replay is
          continue
        }
        for (const v of Array.isArray(value) ? value : [value]) headers.push([name, String(v)])
      }
      headers.push(['x-shop-cache', 'front']) // where every replay comes from (tests, debugging)
      const key = keyOf(api, req, coding, url)
      // What the entry holds besides its body counts too, or tiny pages under many URLs would
      // exceed the budget unseen.
      let cost = size + key.length * 3 + 256
      for (const [name, value] of headers) cost += name.length + value.length + 32
      const body = Buffer.concat(chunks)
      // Replayed with its length: no chunked framing (cheaper to send and to read), and a client
      // can tell a whole answer from a cut one.
      // Each name once, several values as an array: a response that has headers set already
      // (setHeader) takes the list one name at a time.
      /** @type {Map<string, string | string[]>} */
      const byName = new Map()
      for (const [name, value] of headers) {
        const had = byName.get(name)
        byName.set(name, had === undefined ? value : [had, value].flat())
      }
      byName.set('content-length', String(body.length))
      const fields = [...byName].flat(1)
      remove(key)
      entries.set(key, {
        status: res.statusCode,
        headers: fields,
        body,
        tags,
        cost,
        // counted from when its data was read (a page Next kept a while is older than now)
        expiresAt: Math.min(now(), dataTime) + maxAgeSeconds * 1000,
        staleUntil: staleUntil === Infinity ? undefined : staleUntil,
      })
      bytes += cost
      for (const tag of tags) {
        let keys = byTag.get(tag)
        if (!keys) byTag.set(tag, (keys = new Set()))
        keys.add(key)
      }
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break
        remove(oldest)
      }
    }
  }

  return { serve, capture, purge, invalidate, stats: () => ({ entries: entries.size, bytes }) }
}
