// Large request bodies as an attacker sends them: a multipart form of many megabytes (one text
// field), paced so that it stays in flight, with a Content-Length or chunked. For the bodies
// bench (bench/bodies.mjs) and the large-body test (tests/cluster/large-bodies.test.ts).
import http from 'node:http'
import { clientAddress } from './http-client.mjs'

const BOUNDARY = 'large-body-boundary'
const CHUNK = 64 * 1024

/**
 * Sends one body of about `bytes` bytes to `url` at about `bytesPerSecond`, stopping as soon as
 * an answer comes. Resolves with the status (0: none came), the milliseconds until the answer
 * (or the end), how many bytes were sent by then, the answer's body and any socket error (a
 * connection the server closed after its answer gives both a status and an error).
 */
export function sendLargeBody(
  url,
  { bytes, chunked = false, bytesPerSecond = 8 * 1024 * 1024, from, field = 'email', headers = {} },
) {
  const target = new URL(url)
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
  const middle = Math.max(0, bytes - head.length - tail.length)
  const total = head.length + middle + tail.length
  const piece = Buffer.alloc(CHUNK, 0x61)
  const started = performance.now()
  return new Promise((resolve) => {
    const outcome = { status: 0, ms: 0, sent: 0, body: '', error: undefined }
    let settled = false
    const settle = () => {
      if (settled) return
      settled = true
      if (!outcome.ms) outcome.ms = performance.now() - started
      clearTimeout(timer)
      resolve(outcome)
    }
    const req = http.request({
      host: target.hostname,
      port: target.port,
      path: target.pathname + target.search,
      method: 'POST',
      agent: false,
      localAddress: from,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(total) }),
        ...headers,
      },
    })
    req.on('response', (res) => {
      outcome.status = res.statusCode ?? 0
      outcome.ms = performance.now() - started
      res.setEncoding('utf8')
      res.on('data', (text) => (outcome.body += text))
      res.on('end', () => {
        req.destroy()
        settle()
      })
      res.on('error', settle)
    })
    req.on('error', (error) => {
      outcome.error = error.code ?? error.message
      // The answer may still be on its way when the write side fails.
      setTimeout(settle, 100)
    })
    req.on('close', () => setTimeout(settle, 100))
    let offset = 0
    let timer
    const step = Math.max(1, Math.round((CHUNK / bytesPerSecond) * 1000))
    const pump = () => {
      if (settled || outcome.status || req.destroyed) return
      if (offset === 0) {
        req.write(head)
        offset = 1
        outcome.sent += head.length
      }
      if (outcome.sent - head.length >= middle) {
        req.end(tail)
        outcome.sent += tail.length
        return
      }
      const size = Math.min(CHUNK, middle - (outcome.sent - head.length))
      req.write(size === CHUNK ? piece : piece.subarray(0, size))
      outcome.sent += size
      timer = setTimeout(pump, step)
    }
    pump()
  })
}

/**
 * `attackers` senders, each sending one large body after another (a new one at most every
 * `intervalMs`) to the paths in turn, half of them with a Content-Length and half chunked, each
 * from a loopback address of its own (clientAddress, from `firstClient` on). `stop()` lets the
 * bodies in flight end and resolves with every outcome.
 */
export function startAttack({
  baseUrl,
  paths,
  attackers = 24,
  bytes = 29 * 1024 * 1024,
  bytesPerSecond = 8 * 1024 * 1024,
  intervalMs = 1000,
  firstClient = 1000,
  headers = {},
}) {
  const results = []
  let stopping = false
  let next = 0
  const loops = Array.from({ length: attackers }, async (_, i) => {
    const chunked = i % 2 === 1
    while (!stopping) {
      const path = paths[(i + results.length) % paths.length]
      const started = performance.now()
      const outcome = await sendLargeBody(`${baseUrl}${path}`, {
        bytes,
        chunked,
        bytesPerSecond,
        from: clientAddress(firstClient + next++),
        headers,
      })
      results.push({ path, chunked, ...outcome })
      const wait = intervalMs - (performance.now() - started)
      if (wait > 0 && !stopping) await new Promise((r) => setTimeout(r, wait))
    }
  })
  return {
    results,
    /** Bodies sent so far. */
    count: () => results.length,
    stop: async () => {
      stopping = true
      await Promise.all(loops)
      return results
    },
  }
}
