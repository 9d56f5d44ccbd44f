// A small HTTP client whose connections leave from a chosen loopback address (127.0.0.0/8 is all
// loopback on Linux). Behind nginx every request reaches the app from nginx, which passes the
// client's own address on (X-Forwarded-For); clients on distinct addresses are distinct clients
// to the shop's rate limits, as real shoppers are, without any header a client could forge.
import http from 'node:http'

/** The n-th client address (n ≥ 0): 127.0.1.1, 127.0.1.2, … (127.0.0.1 stays the harness's). */
export function clientAddress(n) {
  return `127.${1 + Math.floor(n / 64516)}.${1 + (Math.floor(n / 254) % 254)}.${1 + (n % 254)}`
}

/**
 * fetch-like: `request(url, { method, headers, body, from, agent, timeoutMs })` answers
 * { status, headers, text, json(), cookies }. `from` is the local address to connect from.
 */
export function request(
  url,
  { method = 'GET', headers = {}, body, from, agent, timeoutMs = 30_000 } = {},
) {
  const target = new URL(url)
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        // A keep-alive agent of the caller's (bound to its own address), or one connection each.
        ...(agent ? { agent } : { localAddress: from, agent: false }),
        headers: {
          ...(agent ? {} : { connection: 'close' }),
          ...(payload ? { 'content-length': String(payload.length) } : {}),
          ...headers,
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = []
        res.on('data', (chunk) => chunks.push(chunk))
        res.on('end', () => {
          const buffer = Buffer.concat(chunks)
          const setCookie = res.headers['set-cookie'] ?? []
          resolve({
            status: res.statusCode,
            headers: res.headers,
            buffer,
            // Decoded when asked for: the load generator shares the shop's cores, and most
            // answers are only counted.
            get text() {
              return buffer.toString('utf8')
            },
            json: () => JSON.parse(buffer.toString('utf8')),
            /** `name=value; …` of the cookies this answer sets, for the next request. */
            cookies: setCookie.map((c) => c.split(';')[0]).join('; '),
          })
        })
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} took over ${timeoutMs} ms`)))
    req.on('error', reject)
    req.end(payload)
  })
}
