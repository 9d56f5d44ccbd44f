// One GET as the load generator sends it (the same Accept-Encoding, so the same bytes), with its time.
import http from 'node:http'

export function rawGet(url, timeoutMs = 60_000, headers = {}) {
  return new Promise((resolve) => {
    const started = performance.now()
    const req = http.get(url, { agent: false, timeout: timeoutMs, headers }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          contentEncoding: String(res.headers['content-encoding'] ?? ''),
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      )
      res.on('error', (error) => resolve({ status: 0, error: String(error), ms: 0 }))
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', (error) => resolve({ status: 0, error: String(error.message), ms: 0 }))
  })
}

// Headers a bare server can replay as the same bytes: all of a cached answer's but those Node
// writes itself for every answer (Date, Connection, Keep-Alive) and the framing, which the bare
// server sets from the body it holds. The per-request ones (X-Request-Id) keep the recorded value:
// the same length, so the same bytes on the wire.
const WRITTEN_BY_NODE = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
])

/** [[name, value], …] from Node's flat rawHeaders, in the order they were sent. */
export function replayedHeaders(rawHeaders) {
  const pairs = []
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!WRITTEN_BY_NODE.has(rawHeaders[i].toLowerCase()))
      pairs.push([rawHeaders[i], rawHeaders[i + 1]])
  }
  return pairs
}
