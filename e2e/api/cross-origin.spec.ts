import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { E2E_CLIENT_ORIGIN, E2E_CLIENT_PORT } from '../support/constants'
import { expect, test, E2E_PORT } from '../support/fixtures'
import { findProduct } from '../support/catalog'

// An existing client of the original API, served from another origin (and another site) that
// the shop lists in ALLOWED_ORIGINS: it browses and writes with credentials, through CORS.
// No layout is involved, so it runs once (not again at phone size); the client's page server
// has one port, so only one test starts it.

async function clientPageServer(): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end('<!doctype html><title>Old client</title><p>The original shop client</p>')
  })
  await new Promise<void>((resolve) => server.listen(E2E_CLIENT_PORT, resolve))
  expect((server.address() as AddressInfo).port).toBe(E2E_CLIENT_PORT)
  return server
}

const API = `http://127.0.0.1:${E2E_PORT}`

test.describe('a client on another origin', () => {
  // No per-test X-Forwarded-For here (fixtures.ts): a page's fetch to another origin with a
  // header the shop's CORS does not list would be refused by the browser before it is sent, and
  // a real client's browser sends none (a proxy adds it).
  test.use({ extraHTTPHeaders: {} })
  test.skip(({ isMobile }) => isMobile, 'API only: once is enough')

  test('gets its preflight answered, and other origins get no CORS header', async ({ request }) => {
    const preflight = (origin: string) =>
      request.fetch(`${API}/api/v1/admin/product/some-id`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type,idempotency-key,x-xsrf-token',
        },
      })
    const ok = await preflight(E2E_CLIENT_ORIGIN)
    expect(ok.status()).toBe(204)
    const h = ok.headers()
    expect(h['access-control-allow-origin']).toBe(E2E_CLIENT_ORIGIN)
    expect(h['access-control-allow-credentials']).toBe('true')
    expect(h['access-control-allow-methods']).toContain('PUT')
    expect(h['access-control-allow-headers']?.toLowerCase()).toContain('idempotency-key')
    expect(Number(h['access-control-max-age'])).toBeGreaterThan(0)
    expect(h['allow']).toBe('PUT, DELETE, OPTIONS')
    const other = await preflight('https://evil.example')
    expect(Object.keys(other.headers()).filter((k) => k.startsWith('access-control-'))).toEqual([])
  })

  test('reads the catalog with credentials, shows its pictures, and can read every refusal', async ({
    page,
    request,
  }) => {
    const product = await findProduct(request, (p) => p.images.length > 0)
    const server = await clientPageServer()
    await page.goto(`${E2E_CLIENT_ORIGIN}/`)
    const result = await page
      .evaluate(
        async ({ api, id }) => {
          const call = async (path: string, init: RequestInit = {}) => {
            const res = await fetch(`${api}${path}`, { credentials: 'include', ...init })
            return { status: res.status, body: await res.json() }
          }
          const list = await call('/api/v1/products?limit=2')
          const one = await call(`/api/v1/product/${id}`)
          // A picture from the API, as the client shows it.
          const img = document.createElement('img')
          img.src = one.body.product.images[0].url
          document.body.append(img)
          await img.decode()
          const write = await call(`/api/v1/admin/product/${id}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' },
            body: JSON.stringify({ name: 'Taken over' }),
          })
          const wrongMethod = await call('/api/v1/products', { method: 'DELETE' })
          const unknown = await call('/api/v1/no/such/endpoint', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
          return {
            listStatus: list.status,
            listCount: list.body.products.length,
            imageUrl: one.body.product.images[0].url as string,
            imageWidth: img.naturalWidth,
            write,
            wrongMethod,
            unknown,
          }
        },
        { api: API, id: product._id },
      )
      .finally(() => {
        server.closeAllConnections()
        server.close()
      })
    expect(result.listStatus).toBe(200)
    expect(result.listCount).toBe(2)
    expect(result.imageUrl).toMatch(/^https?:\/\/[^/]+\/media\//)
    expect(result.imageWidth).toBeGreaterThan(0)
    // Refused for lack of a session, with a message the client can show.
    expect(result.write).toEqual({
      status: 401,
      body: { success: false, message: 'Please login to access this resource' },
    })
    expect(result.wrongMethod.status).toBe(405)
    expect(result.wrongMethod.body.message).toMatch(/DELETE is not allowed/)
    expect(result.unknown).toEqual({
      status: 404,
      body: { success: false, message: 'No such API endpoint' },
    })
    const after = await request.get(`/api/v1/product/${product._id}`)
    expect((await after.json()).product.name).toBe(product.name)
  })
})
