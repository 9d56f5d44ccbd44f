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
