// A micro-cache in front of Next for the storefront's cached pages.
//
// Next serves a cached page (x-nextjs-cache: HIT) without rendering, but still runs its whole
// request pipeline, the proxy included, for each request. Storefront pages are the same bytes
// for every visitor (docs/decisions/0003-caching.md), so once Next has produced one, the same
// response is replayed from here for the same URL and encoding, at the cost of a static file.
// Whenever Next's cache drops a tag (lib/cache/cache-handler.cjs, local or broadcast), this cache
// is emptied with it, so a change shows on the next request.
//
// Only plain document GETs are kept: no client-navigation (RSC) requests, no API, no responses
// that set cookies or are private, and only what Next itself served from or into its cache.

const MAX_BYTES = Number(process.env.FRONT_CACHE_MB || 64) * 1024 * 1024
const MAX_ENTRY = 2 * 1024 * 1024
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date'])

function encodingOf(req) {
  const accept = String(req.headers['accept-encoding'] || '')
  if (/\bbr\b/.test(accept)) return 'br'
  if (/\bgzip\b/.test(accept)) return 'gzip'
  return 'identity'
}

function cacheableRequest(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const url = req.url || ''
  if (url.startsWith('/api/') || url.startsWith('/_next/') || url.includes('_rsc=')) return false
  const h = req.headers
  return !(h.rsc || h['next-router-prefetch'] || h['next-router-state-tree'] || h['next-action'])
}

export function createFrontCache() {
  /** @type {Map<string, { status: number, headers: [string, string][], body: Buffer }>} */
  const entries = new Map()
  let bytes = 0
  let generation = 0

  const purge = () => {
    entries.clear()
    bytes = 0
    generation++
  }

  /** Answers from the cache when it can; returns whether it did. */
  function serve(req, res) {
    if (!cacheableRequest(req)) return false
    const key = `${encodingOf(req)} ${req.url}`
    const entry = entries.get(key)
    if (!entry) return false
    entries.delete(key)
    entries.set(key, entry) // most recently used last
    res.writeHead(entry.status, entry.headers)
    res.end(req.method === 'HEAD' ? undefined : entry.body)
    return true
  }

  /** Watches a response Next is about to write, and keeps it if it qualifies. */
  function capture(req, res) {
    if (!cacheableRequest(req) || req.method !== 'GET') return
    const key = `${encodingOf(req)} ${req.url}`
    const started = generation
    const chunks = []
    let size = 0
    const write = res.write.bind(res)
    const end = res.end.bind(res)
    const writeHead = res.writeHead.bind(res)
    // Headers handed to writeHead are not readable with getHeader: move them to setHeader first.
    res.writeHead = (status, reason, headers) => {
      const given = typeof reason === 'object' ? reason : headers
      if (given && !Array.isArray(given)) {
        for (const [name, value] of Object.entries(given)) {
          if (value !== undefined) res.setHeader(name, value)
        }
      }
      return typeof reason === 'string' ? writeHead(status, reason) : writeHead(status)
    }
    const keep = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_ENTRY)
        return
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
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
      // A purge while this response was being made means it may hold data from before.
      if (started !== generation || size > MAX_ENTRY) return
      if (res.statusCode !== 200 && res.statusCode !== 404) return
      const cacheState = String(res.getHeader('x-nextjs-cache') || '')
      if (!['HIT', 'MISS', 'STALE'].includes(cacheState) || cacheState === 'STALE') return
      if (res.getHeader('set-cookie')) return
      if (/private|no-store/.test(String(res.getHeader('cache-control') || ''))) return
      if (!String(res.getHeader('content-type') || '').startsWith('text/html')) return
      const headers = []
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (HOP_BY_HOP.has(name) || value === undefined) continue
        if (name === 'x-nextjs-cache') {
          headers.push([name, 'HIT']) // what every replay is
          continue
        }
        for (const v of Array.isArray(value) ? value : [value]) headers.push([name, String(v)])
      }
      const body = Buffer.concat(chunks)
      const old = entries.get(key)
      if (old) bytes -= old.body.length
      entries.set(key, { status: res.statusCode, headers, body })
      bytes += body.length
      for (const [k, e] of entries) {
        if (bytes <= MAX_BYTES) break
        entries.delete(k)
        bytes -= e.body.length
      }
    }
  }

  return { serve, capture, purge }
}
