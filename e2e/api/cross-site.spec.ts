import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { DEVICE_COOKIE, SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '../../lib/auth/session-cookie'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../lib/users/demo-accounts'
import { E2E_CLIENT_PORT } from '../support/constants'
import { expect, postFromOwnAddress, test } from '../support/fixtures'
import { baseEnv, freePort, ServerProcess } from '../support/server-process'

// A single-page app on another site (decision 0015), as the original Byte SPA runs against the
// shop: it signs in, fills a cart and orders, all through the API with credentials.
//
// The set-up: a shop of its own with CROSS_SITE_COOKIES=true, on http://localhost, and the
// client's page on http://127.0.0.1, another site to the browser. Browsers treat
// http://localhost as a secure origin and store Secure cookies from it, so no certificate is
// needed, while the cookies still cross sites exactly as between two https sites. The default
// test server (on 127.0.0.1) keeps SameSite=Lax, as every shop that does not opt in.
//
// No layout is involved, so it runs once (not again at phone size).

const CLIENT_PORT = E2E_CLIENT_PORT + 1
const CLIENT = `http://127.0.0.1:${CLIENT_PORT}`
const user = DEMO_ACCOUNTS.user

/** The client's own page: nothing but a document to run its fetch calls from. */
async function clientPage(port: number, host: string): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end('<!doctype html><title>Byte SPA</title><p>A shop client on another site</p>')
  })
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  return server
}

type Step = { step: string; status: number; body: Record<string, unknown> }

/** What the client does, in its page: sign in, fill a cart, order, read its orders back. */
async function shopAsTheClient({
  api,
  email,
  password,
}: {
  api: string
  email: string
  password: string
}) {
  const steps: Step[] = []
  const call = async (step: string, p: string, init: RequestInit = {}) => {
    const res = await fetch(`${api}${p}`, {
      credentials: 'include',
      ...init,
      headers: { 'content-type': 'application/json', ...init.headers },
    })
    const body = (await res.json()) as Record<string, unknown>
    steps.push({ step, status: res.status, body })
    return body
  }
  await call('login', '/api/v1/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  })
  await call('me', '/api/v1/me')
  const list = (await call('products', '/api/v1/products?limit=50')) as {
    products: { _id: string; price: number; stock: number }[]
  }
  const product = list.products.find((p) => p.stock >= 5 && p.price < 1000)!
  const added = (await call('add', '/api/v1/cart/add', {
    method: 'POST',
    body: JSON.stringify({ productId: product._id, quantity: 2 }),
  })) as { cart?: { productId: string; price: number; quantity: number }[] }
  const line = added.cart?.find((l) => l.productId === product._id)
  const itemsPrice = line ? Math.round(line.price * 2 * 100) / 100 : 0
  const ordered = (await call('order', '/api/v1/order/new', {
    method: 'POST',
    body: JSON.stringify({
      shippingInfo: {
        address: '5 Other Site Road',
        state: 'Ontario',
        country: 'Canada',
        pinCode: '123456',
        phoneNumber: '0123456789',
      },
      orderItems: [{ productId: product._id, quantity: 2 }],
      itemsPrice,
      shippingPrice: 5,
      totalPrice: Math.round((itemsPrice + 5) * 100) / 100,
    }),
  })) as { order?: { _id: string } }
  const mine = (await call('my orders', '/api/v1/orders/me')) as {
    orders?: { _id: string }[]
  }
  const cart = await call('cart', '/api/v1/cart')
  return {
    steps: steps.map(({ step, status }) => ({ step, status })),
    orderListed: !!ordered.order && !!mine.orders?.some((o) => o._id === ordered.order!._id),
    cartAfter: cart,
    orderedLine: line,
  }
}

test.describe('a client on another site', () => {
  // No per-test X-Forwarded-For here (fixtures.ts): a page's fetch to another origin with a
  // header the shop's CORS does not list would be refused by the browser before it is sent, and
  // a real client's browser sends none (a proxy adds it).
  test.use({ extraHTTPHeaders: {} })
  test.skip(({ isMobile }) => isMobile, 'API only: once is enough')

  test('signs in, fills a cart and orders with CROSS_SITE_COOKIES', async ({ page }) => {
    test.setTimeout(240_000)
    const port = await freePort()
    const shop = `http://localhost:${port}`
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cross-site-'))
    const env = {
      ...baseEnv(dataDir),
      APP_URL: shop,
      CROSS_SITE_COOKIES: 'true',
      ALLOWED_ORIGINS: CLIENT,
    }
    const server = await new ServerProcess(port, env).ready(180_000)
    const client = await clientPage(CLIENT_PORT, '127.0.0.1')
    try {
      await page.goto(`${CLIENT}/`)
      const seen = await page.evaluate(shopAsTheClient, {
        api: shop,
        email: user.email,
        password: DEMO_PASSWORD,
      })
      expect(seen.steps).toEqual([
        { step: 'login', status: 200 },
        { step: 'me', status: 200 },
        { step: 'products', status: 200 },
        { step: 'add', status: 200 },
        { step: 'order', status: 201 },
        { step: 'my orders', status: 200 },
        { step: 'cart', status: 200 },
      ])
      expect(seen.orderListed).toBe(true)
      // The browser keeps the shop's cookies (both session cookies and the device cookie of the
      // lockout's own budget), in the client site's partition.
      const shopCookies = async () =>
        (await page.context().cookies())
          .filter((c) => c.domain === 'localhost')
          .map((c) => ({ name: c.name, sameSite: c.sameSite, secure: c.secure }))
          .sort((a, b) => a.name.localeCompare(b.name))
      const device = { name: DEVICE_COOKIE, sameSite: 'None', secure: true }
      expect(await shopCookies()).toEqual([
        device,
        { name: SESSION_COOKIE, sameSite: 'None', secure: true },
        { name: SIGNED_IN_HINT_COOKIE, sameSite: 'None', secure: true },
      ])
      // Logging out from the client removes the session cookies again (cleared with the same
      // attributes); the device cookie stays, as after any logout: this browser has signed in.
      const out = await page.evaluate(async (api) => {
        const res = await fetch(`${api}/api/v1/logout`, { method: 'POST', credentials: 'include' })
        const me = await fetch(`${api}/api/v1/me`, { credentials: 'include' })
        return [res.status, me.status]
      }, shop)
      expect(out).toEqual([200, 401])
      expect(await shopCookies()).toEqual([device])
    } finally {
      client.close()
      server.child.kill('SIGTERM')
      await server.exited
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  test('the default server keeps SameSite=Lax cookies, unpartitioned', async () => {
    // From a loopback address of its own, as the fixtures sign in (the login limits count per address).
    const body = JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD })
    const login = await postFromOwnAddress('/api/v1/login', body, {
      'content-type': 'application/json',
    })
    expect(login.status).toBe(200)
    const lines = login.setCookie
    // The session, the signed-in hint and the device cookie (the lockout's own budget).
    expect(lines.map((line) => line.slice(0, line.indexOf('=')))).toEqual([
      SESSION_COOKIE,
      SIGNED_IN_HINT_COOKIE,
      DEVICE_COOKIE,
    ])
    for (const line of lines) {
      expect(line).toContain('SameSite=Lax')
      expect(line).not.toMatch(/SameSite=None|Partitioned/)
    }
  })
})
