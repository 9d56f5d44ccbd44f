import http from 'node:http'
import net from 'node:net'
import { SESSION_COOKIE } from '../../lib/auth/session-cookie'
import { expect, sealedSession, test, E2E_PORT } from '../support/fixtures'
import { findProduct } from '../support/catalog'

// Hostile input and headers, over real HTTP against the production server: what only the whole
// server shows (its header rules, the image optimizer, bodies arriving in chunks).

test.skip(({ isMobile }) => isMobile, 'HTTP only: once is enough')

const mediaPath = (url: string) => new URL(url).pathname

test('a stored image keeps its own strict Content-Security-Policy; pages keep the site one', async ({
  request,
}) => {
  const product = await findProduct(request, (p) => p.images.length > 0)
  const image = await request.get(mediaPath(product.images[0]!.url))
  expect(image.status()).toBe(200)
  expect(image.headers()['content-security-policy']).toBe("default-src 'none'; sandbox")
  expect(image.headers()['x-content-type-options']).toBe('nosniff')
  for (const page of ['/', '/aboutme', '/api/v1/products']) {
    const res = await request.get(page)
    expect(res.headers()['content-security-policy'], page).toContain("default-src 'self'")
  }
})

test('the image optimizer takes no query string on a stored image', async ({ request }) => {
  const product = await findProduct(request, (p) => p.images.length > 0)
  const path = mediaPath(product.images[0]!.url)
  const optimize = (url: string) =>
    request.get(`/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`)
  expect((await optimize(path)).status()).toBe(200)
  for (const variant of [`${path}?v=1`, `${path}?v=2&x=y`]) {
    expect((await optimize(variant)).status(), variant).toBe(400)
  }
})

test('NUL bytes answer 4xx, never 500', async ({ request }) => {
  expect((await request.get('/products/%00')).status()).toBe(404)
  const keyword = await request.get('/api/v1/products?keyword=%00')
  expect(keyword.status()).toBe(400)
  expect((await keyword.json()).message).toBe('keyword must not contain a NUL character')
  expect((await request.get('/api/v1/product/%00')).status()).toBe(400)
  const price = await request.get('/api/v1/products?price%5Bgte%5D=2147483648')
  expect(price.status()).toBe(400)
  expect((await price.json()).message).toMatch(/^price\[gte\]/)
})

test('a chunked body past the cap is refused with 413 before the server has taken it all', async ({
  request,
}) => {
  const product = await findProduct(request, (p) => p.images.length > 0)
  const cookie = `${SESSION_COOKIE}=${await sealedSession('admin')}`
  const TOTAL = 200 * 1024 * 1024
  const chunk = Buffer.alloc(256 * 1024, 0x20)
  const outcome = await new Promise<{ status: number; body: string; sent: number }>(
    (resolve, reject) => {
      let sent = 0
      let done = false
      const req = http.request(
        {
          host: '127.0.0.1',
          port: E2E_PORT,
          method: 'PUT',
          path: `/api/v1/admin/product/${product._id}`,
          headers: {
            cookie,
            origin: `http://127.0.0.1:${E2E_PORT}`,
            'content-type': 'application/json',
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          done = true
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (d) => (body += d))
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body, sent })
            req.destroy()
          })
        },
      )
      req.on('error', (error) => (done ? undefined : reject(error)))
      const pump = () => {
        while (!done && sent < TOTAL) {
          sent += chunk.length
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
        if (!done) req.end()
      }
      pump()
    },
  )
  expect(outcome.status).toBe(413)
  expect(JSON.parse(outcome.body).message).toBe('The request body is too large')
  // The answer came while most of the 200 MB was still unsent.
  expect(outcome.sent).toBeLessThan(TOTAL / 4)
})

test('a client that stops sending after its 413 is hung up on, not kept for ever', async () => {
  // A chunked body past the cap: the handler answers 413 having read part of it. A client that
  // then neither sends the rest nor closes must not pin the connection (and the server's memory
  // for it, and its graceful shutdown): the server reads and drops what comes for 2 s, then closes.
  const socket = net.connect(E2E_PORT, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  socket.write(
    'POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Transfer-Encoding: chunked\r\n\r\n',
  )
  const chunk = 'x'.repeat(64 * 1024)
  for (let i = 0; i < 3; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
  let answer = ''
  socket.on('data', (d) => (answer += d))
  // The server resets a connection it closes with body bytes still unread.
  socket.on('error', () => {})
  const startedAt = Date.now()
  const closedAfterMs = await new Promise<number>((resolve) => {
    socket.once('close', () => resolve(Date.now() - startedAt))
    setTimeout(() => resolve(Infinity), 20_000).unref()
  })
  socket.destroy()
  expect(answer).toMatch(/^HTTP\/1\.1 413 /)
  expect(answer).toContain('The request body is too large')
  // LINGER_MS (2 s) after the answer, with room for a busy machine; never, before the fix.
  expect(closedAfterMs).toBeLessThan(15_000)
})
