// The API's answers to GET compressed in one piece by this server, instead of by Next.
//
// Next compresses what it sends with the `compression` middleware: a zlib stream per answer, fed
// chunk by chunk from the route's web stream and flushed after each chunk, its work done on
// libuv's pool and handed back in callbacks. For the API's reads, JSON of a few kilobytes, the
// stream's handling costs more than the compressing (decision 0016, "An API read compressed in one
// piece"): profiled under load on an uncached product read, zlib and the middleware took about
// 6 % of `next start`'s main thread, where compressing its 2 kB at once takes about 30 to 50 µs.
// So a GET under /api/ whose client prefers gzip or deflate reaches Next without its
// Accept-Encoding (Next then sends the bytes as they are), and its answer is gathered here,
// compressed at once and sent with its length.
//
// Next's own rules are kept, so that a client sees the same answer either way: types that are not
// text (JSON, JavaScript, XML, text/*), answers marked `Cache-Control: no-transform`, answers
// already encoded and empty ones go as they are; the coding is the one the request prefers
// (`preferredCoding`, RFC 9110's q-values); `Vary: Accept-Encoding` on every compressible answer.
// Small answers are compressed too, as Next does with a route's answer (its middleware's 1 KiB
// threshold needs a length, which a streamed answer does not have): the front cache keeps a copy
// under the coding its bytes have, and a request that prefers gzip is answered only from a gzip
// copy. HEAD and every other method are left to Next. Up to `SYNC_MAX` an answer is compressed
// on the main thread, past it on libuv's pool (one job, no stream). A download (the admin's CSV
// exports, streamed in batches) and a JSON answer past `MAX_GATHERED` are compressed as they
// come, in a zlib stream of this server's, with the socket's backpressure passed on to Next.
import { EventEmitter } from 'node:events'
import zlib from 'node:zlib'
import { chunkBuffer, requestCoding, withVary } from './front-cache.mjs'

/** Past this a JSON answer is no longer gathered: the rest is compressed as it comes. */
export const MAX_GATHERED = 2 * 1024 * 1024
/**
 * Up to this an answer is compressed on the main thread, past it on libuv's pool. Measured with
 * gzip on this kind of machine: at once on the main thread 48, 56, 84 and 284 µs for 2, 6, 16 and
 * 64 KiB; on the pool about 55 to 95 µs of the main thread's time whatever the size (handing the
 * job over and back), and two to four times the CPU in all. 16 KiB is where the two meet.
 */
export const SYNC_MAX = 16 * 1024
/** What Next's middleware compresses among the types the API sends. */
const COMPRESSIBLE = /^\s*(text\/|application\/([\w.-]+\+)?(json|javascript|xml)\s*(;|$))/i
/** Answers gathered whole: the API's JSON (anything else it sends is a download, streamed). */
const JSON_TYPE = /^\s*application\/([\w.-]+\+)?json\s*(;|$)/i
const COMPRESS = {
  gzip: { sync: zlib.gzipSync, async: zlib.gzip, stream: zlib.createGzip },
  deflate: { sync: zlib.deflateSync, async: zlib.deflate, stream: zlib.createDeflate },
}

/**
 * The coding this server compresses a request's answer in, or undefined when that is left to
 * Next: only GETs under /api/ whose client prefers gzip or deflate.
 * @param {import('node:http').IncomingMessage} req
 * @returns {'gzip' | 'deflate' | undefined}
 */
export function wholeCodingFor(req) {
  if (req.method !== 'GET' || !req.url?.startsWith('/api/')) return undefined
  const coding = requestCoding(req)
  return coding === 'gzip' || coding === 'deflate' ? coding : undefined
}

/**
 * Has the request reach Next without its Accept-Encoding, and compresses its answer: a JSON one
 * once it is whole, a download as it comes. Call right before handing the request to Next, after
 * the wrappers that must see the answer as it is sent (the front cache's capture): they get it
 * compressed, with its length when it was whole.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {'gzip' | 'deflate'} coding
 */
export function compressWhole(req, res, coding) {
  delete req.headers['accept-encoding']
  const inner = {
    writeHead: res.writeHead,
    write: res.write,
    end: res.end,
    flushHeaders: res.flushHeaders,
  }
  /**
   * open: nothing written yet; gathering: the body kept for one compression at its end;
   * deflating: compressed as it comes; plain: sent as it comes (a type that is not text, an
   * answer already encoded or marked no-transform).
   * @type {'open' | 'gathering' | 'deflating' | 'plain'}
   */
  let mode = 'open'
  /** @type {Buffer[]} */
  const chunks = []
  /** @type {(() => void)[]} */
  const callbacks = []
  let size = 0
  let ended = false
  /** @type {import('node:zlib').Gzip | import('node:zlib').Deflate | undefined} */
  let deflater

  const sendHead = () => {
    if (!res.headersSent) inner.writeHead.call(res, res.statusCode)
  }
  const done = () => {
    if (callbacks.length === 0) return undefined
    return () => {
      for (const cb of callbacks.splice(0)) cb()
    }
  }

  /** @type {boolean | undefined} whether the answer may be compressed, once its head is known */
  let may
  /** Whether the answer may be compressed (Next's rules, above); says it varies when it may. */
  function compressible() {
    if (may !== undefined) return may
    may = false
    if (!COMPRESSIBLE.test(String(res.getHeader('content-type') ?? ''))) return may
    if (/no-transform/i.test(String(res.getHeader('cache-control') ?? ''))) return may
    res.setHeader('vary', withVary(res.getHeader('vary')))
    may = res.getHeader('content-encoding') === undefined
    return may
  }

  function toPlain() {
    mode = 'plain'
    sendHead()
    for (const chunk of chunks.splice(0)) inner.write.call(res, chunk)
  }

  function toDeflating() {
    mode = 'deflating'
    res.setHeader('content-encoding', coding)
    res.removeHeader('content-length')
    sendHead()
    const stream = COMPRESS[coding].stream()
    deflater = stream
    // The socket's backpressure stops the stream; Next waits for the response's 'drain', which
    // comes both when the socket took its bytes and when the stream took Next's.
    stream.on('data', (out) => {
      if (!inner.write.call(res, out)) stream.pause()
    })
    // Not `res.on`: Next's compression middleware replaces it for 'drain'.
    EventEmitter.prototype.on.call(res, 'drain', () => stream.resume())
    stream.on('drain', () => res.emit('drain'))
    stream.once('end', () => inner.end.call(res, done()))
    stream.once('error', (error) => res.destroy(error))
    res.once('close', () => stream.destroy())
    for (const chunk of chunks.splice(0)) stream.write(chunk)
  }

  /** Sends the whole body, compressed or not, with its length. */
  function send(body, compressed) {
    if (res.destroyed) return
    if (compressed) res.setHeader('content-encoding', coding)
    res.setHeader('content-length', String(body.length))
    sendHead()
    inner.end.call(res, body, done())
  }

  function finish() {
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)
    chunks.length = 0
    const status = res.statusCode
    // A client already gone gets nothing: no compressing for it.
    if (res.destroyed) return
    if (!compressible() || size === 0 || status === 204 || status === 304) return send(body, false)
    if (size <= SYNC_MAX) return send(COMPRESS[coding].sync(body), true)
    COMPRESS[coding].async(body, (error, out) => (error ? send(body, false) : send(out, true)))
  }

  // Next starts the head (flushHeaders, or a write's implicit writeHead) before the body: while
  // the body may still be gathered, the status and headers are only noted.
  res.writeHead = function (status, reason, headers) {
    const given = typeof reason === 'object' ? reason : headers
    if (mode === 'plain' || mode === 'deflating' || Array.isArray(given)) {
      // A list of headers never comes from Next's API routes: that answer goes as it comes.
      if (mode === 'open') mode = 'plain'
      return inner.writeHead.apply(this, arguments)
    }
    if (given) {
      for (const [name, value] of Object.entries(given)) {
        if (value !== undefined) res.setHeader(name, value)
      }
    }
    res.statusCode = status
    if (typeof reason === 'string') res.statusMessage = reason
    return this
  }
  res.flushHeaders = function () {
    if (mode === 'plain' || mode === 'deflating') inner.flushHeaders.call(this)
  }
  res.write = function (chunk, encoding, cb) {
    if (typeof encoding === 'function') [cb, encoding] = [encoding, undefined]
    if (mode === 'open') {
      // The head is set by now: a JSON answer is gathered, a download compressed as it comes.
      if (!compressible()) toPlain()
      else if (JSON_TYPE.test(String(res.getHeader('content-type')))) mode = 'gathering'
      else toDeflating()
    }
    if (mode === 'plain') return inner.write.call(this, chunk, encoding, cb)
    if (mode === 'deflating') return deflater?.write(chunkBuffer(chunk, encoding), cb) ?? false
    if (chunk !== undefined && chunk !== null) {
      const buf = chunkBuffer(chunk, encoding)
      chunks.push(buf)
      size += buf.length
    }
    if (typeof cb === 'function') callbacks.push(cb)
    if (size > MAX_GATHERED) toDeflating()
    return true
  }
  res.end = function (chunk, encoding, cb) {
    if (typeof chunk === 'function') [cb, chunk, encoding] = [chunk, undefined, undefined]
    else if (typeof encoding === 'function') [cb, encoding] = [encoding, undefined]
    if (mode === 'plain') return inner.end.call(this, chunk, encoding, cb)
    if (ended) return this
    ended = true
    if (typeof cb === 'function') callbacks.push(cb)
    const last = chunk === undefined || chunk === null ? undefined : chunkBuffer(chunk, encoding)
    if (mode === 'deflating') {
      deflater?.end(last)
      return this
    }
    // The whole body is here.
    if (last && last.length > 0) {
      chunks.push(last)
      size += last.length
    }
    finish()
    return this
  }
}
