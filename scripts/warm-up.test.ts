import type { IncomingMessage, ServerResponse } from 'node:http'
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { warmUp } from './warm-up.mjs'

// The warm-up against a stand-in for the server's request listener: what it asks for, with which
// headers, and how it ends when the shop cannot answer.

type Seen = { method: string; url: string; host?: string; encoding?: string; body: string }

function recorder(answer: (req: IncomingMessage) => { status: number; body?: string } | 'hang') {
  const seen: Seen[] = []
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        host: req.headers.host,
        encoding: req.headers['accept-encoding'],
        body,
      })
      const a = answer(req)
      if (a === 'hang') return
      res.writeHead(a.status, { 'content-type': 'application/json' })
      res.end(a.body ?? '{}')
    })
  }
  return { seen, handler }
}

const catalog = JSON.stringify({ success: true, products: [{ _id: 'p1', name: 'Orbit Lamp' }] })

/** Whether anything still listens on a loopback port. */
function listening(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

describe('warmUp', () => {
  it('asks for the catalog, a product, its pages and API reads as a browser would, and loads the writes', async () => {
    const { seen, handler } = recorder((req) =>
      req.url === '/api/v1/products?limit=1' ? { status: 200, body: catalog } : { status: 200 },
    )
    const result = await warmUp(handler, { host: 'localhost:3000', timeoutMs: 10_000 })
    expect(result).toMatchObject({ failed: [], steps: seen.length })
    expect(result.stopped).toBeUndefined()
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/v1/products?limit=1',
      'GET /',
      'GET /products',
      'GET /products?page=2',
      'GET /products/catogries',
      'GET /user/login',
      'GET /cart',
      'GET /products/orbit',
      'GET /product/p1',
      'GET /api/v1/products',
      'GET /api/v1/product/p1',
      'GET /api/v1/reviews?productId=p1',
      'GET /api/v1/login',
      'POST /api/v1/cart/add',
      'POST /api/v1/order/new',
    ])
    // Next's own origin on every step; pages and reads in the coding browsers ask for (the one
    // the front cache replays to them); the writes with an empty body.
    expect(new Set(seen.map((s) => s.host))).toEqual(new Set(['localhost:3000']))
    for (const s of seen.slice(1, 13)) expect(s.encoding).toMatch(/^gzip\b/)
    for (const s of seen.slice(13)) expect(s.body).toBe('{}')
  })

  it('names the steps that failed and goes on', async () => {
    const { handler } = recorder((req) =>
      req.url === '/api/v1/products?limit=1'
        ? { status: 200, body: catalog }
        : { status: req.url === '/cart' ? 500 : 200 },
    )
    const result = await warmUp(handler, { host: 'localhost:3000', timeoutMs: 10_000 })
    expect(result.failed).toEqual(['GET /cart: 500'])
    expect(result.steps).toBe(15)
  })

  it('stops at once when the catalog does not answer; without a product, warms the rest', async () => {
    const failing = recorder(() => ({ status: 503 }))
    expect(await warmUp(failing.handler, { host: 'h', timeoutMs: 10_000 })).toMatchObject({
      stopped: 'the catalog answered 503',
    })
    expect(failing.seen).toHaveLength(1)
    const empty = recorder(() => ({ status: 200, body: '{"products":[]}' }))
    const result = await warmUp(empty.handler, { host: 'h', timeoutMs: 10_000 })
    expect(result).toMatchObject({ failed: [], steps: 11 })
    expect(result.stopped).toBeUndefined()
    expect(
      empty.seen.some((s) => /product\/|productId|\/products\/(?!catogries)/.test(s.url)),
    ).toBe(false)
  })

  it('ends within its bound when the shop hangs, and leaves no port open', async () => {
    let port = 0
    const hanging = recorder((req) => {
      port = req.socket.localPort!
      return req.url === '/api/v1/products?limit=1' ? { status: 200, body: catalog } : 'hang'
    })
    const started = Date.now()
    const result = await warmUp(hanging.handler, { host: 'h', timeoutMs: 500 })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(result.stopped).toBe('WARM_UP_MS (500) passed at GET /')
    expect(await listening(port)).toBe(false)
  })

  it('gives the steps the whole bound once the catalog has answered, however long that took', async () => {
    // A first start: the first read waits for the database to be migrated and seeded.
    const slowFirst = (req: IncomingMessage, res: ServerResponse) => {
      const delay = req.url === '/api/v1/products?limit=1' ? 700 : 30
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(req.url === '/api/v1/products?limit=1' ? catalog : '{}')
      }, delay)
    }
    // 700 ms of opening plus 14 steps of 30 ms: past 1 s in all, each part within it.
    const result = await warmUp(slowFirst, { host: 'h', timeoutMs: 1_000 })
    expect(result).toMatchObject({ failed: [], steps: 15 })
    expect(result.stopped).toBeUndefined()
    expect(result.ms).toBeGreaterThan(1_000)
    // A catalog slower than the bound still ends it.
    const never = recorder(() => 'hang')
    const cold = await warmUp(never.handler, { host: 'h', timeoutMs: 300 })
    expect(cold.stopped).toMatch(/^the catalog did not answer/)
    expect(cold.steps).toBe(0)
  })

  it('does nothing with a bound of 0', async () => {
    const { seen, handler } = recorder(() => ({ status: 200, body: catalog }))
    expect(await warmUp(handler, { host: 'h', timeoutMs: 0 })).toMatchObject({
      steps: 0,
      stopped: 'WARM_UP_MS=0',
    })
    expect(seen).toHaveLength(0)
  })
})
