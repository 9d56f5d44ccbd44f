import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Registry } from 'prom-client'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../lib/ops/logger.cjs'
import { raw } from '../tests/support/raw-http'
import { createHistogram, createObserver, routeClass } from './observe.mjs'

// A server built like scripts/server.mjs (which sends the id in X-Request-Id), with a stand-in
// for Next.
const TOKEN = 'metrics-token-0123456789'
const servers: http.Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

async function start({ trustProxy = false, metricsToken = undefined as string | undefined } = {}) {
  const lines: string[] = []
  const logger = createLogger({ level: 'debug', write: (line) => void lines.push(line) })
  const observer = createObserver({ logger, trustProxy, metricsToken })
  const server = http.createServer((req, res) => {
    const request = observer.begin(req, res)
    if (req.url === '/copy') {
      // As the front cache answers: the headers in one block, the body's size told, not counted.
      const body = Buffer.from('a kept copy')
      res.writeHead(200, ['content-type', 'text/plain', 'x-request-id', request.id])
      res.end(body)
      request.answered(body.length)
      return
    }
    request.countBody()
    res.setHeader('X-Request-Id', request.id)
    if (observer.serveMetrics(req, res)) return
    if (req.url === '/fail') {
      res.writeHead(500)
      res.end()
      return
    }
    if (req.url === '/hang') {
      res.write('partial')
      return
    }
    res.writeHead(req.url === '/metrics' ? 404 : 200, { 'content-type': 'text/plain' })
    res.end(`hello ${request.id}`)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // A line is written when the response has finished: after the client has read it.
  const entries = async (count: number) => {
    for (let i = 0; i < 100 && lines.length < count; i++) await new Promise((r) => setTimeout(r, 5))
    return lines.map((line) => JSON.parse(line))
  }
  return { base, lines, entries }
}

describe('each request', () => {
  it('gets an id in X-Request-Id and one log line under that id', async () => {
    const { base, entries } = await start()
    const page = await raw(base, '/products/kb?page=2&q=%0A')
    const health = await raw(base, '/api/health', {}, 'HEAD')
    const fail = await raw(base, '/fail')
    const logged = await entries(3)
    expect(logged).toHaveLength(3)
    const [first, second, third] = logged
    expect(first).toMatchObject({
      level: 'info',
      msg: 'request',
      requestId: page.headers['x-request-id'],
      method: 'GET',
      path: '/products/kb?page=2&q=%0A',
      status: 200,
      bytes: page.body.length,
      route: 'page',
    })
    expect(first.durationMs).toEqual(expect.any(Number))
    // Probes are logged below info, failures above it.
    expect(second).toMatchObject({ level: 'debug', requestId: health.headers['x-request-id'] })
    expect(second).toMatchObject({ method: 'HEAD', status: 200, bytes: 0, route: 'health' })
    expect(third).toMatchObject({
      level: 'warn',
      status: 500,
      requestId: fail.headers['x-request-id'],
    })
    expect(new Set(logged.map((e) => e.requestId)).size).toBe(3)
  })

  it("logs a front cache copy with the size it was told, and counts it as the cache's", async () => {
    const { base, entries } = await start({ metricsToken: TOKEN })
    const copy = await raw(base, '/copy')
    const head = await raw(base, '/copy', {}, 'HEAD')
    const logged = await entries(2)
    expect(logged[0]).toMatchObject({
      requestId: copy.headers['x-request-id'],
      route: 'front-cache',
      status: 200,
      bytes: copy.body.length,
    })
    expect(logged[1]).toMatchObject({ requestId: head.headers['x-request-id'], bytes: 0 })
    const metrics = (await raw(base, '/metrics', { authorization: `Bearer ${TOKEN}` })).body
    expect(metrics.toString()).toMatch(/^shop_front_cache_lookups_total\{result="hit"\} 2$/m)
  })

  it("keeps a trusted proxy's plain X-Request-Id, and only that", async () => {
    const direct = await start()
    const sent = { 'x-request-id': 'from-the-proxy-42' }
    expect((await raw(direct.base, '/', sent)).headers['x-request-id']).not.toBe(
      'from-the-proxy-42',
    )
    const proxied = await start({ trustProxy: true })
    expect((await raw(proxied.base, '/', sent)).headers['x-request-id']).toBe('from-the-proxy-42')
    const odd = await raw(proxied.base, '/', { 'x-request-id': 'has space in it' })
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect((await proxied.entries(2)).map((e) => e.requestId)).toEqual([
      'from-the-proxy-42',
      odd.headers['x-request-id'],
    ])
  })

  it('is logged without the token of a verification or reset link', async () => {
    const { base, entries } = await start()
    const token = 'c2VjcmV0LXRva2VuLTEyMzQ1Njc4OTA'
    await raw(base, `/user/verify/${token}`)
    await raw(base, `/api/v1/password/reset/${token}?x=1`, {}, 'PUT')
    await raw(base, '/api/v1/verify/resend', {}, 'POST')
    const logged = await entries(3)
    expect(logged.map((e) => e.path)).toEqual([
      '/user/verify/[token]',
      '/api/v1/password/reset/[token]?x=1',
      '/api/v1/verify/resend',
    ])
    expect(JSON.stringify(logged)).not.toContain(token)
  })

  it('is logged when the client goes away before the answer', async () => {
    const { base, entries } = await start()
    await new Promise<void>((resolve) => {
      const req = http.get(`${base}/hang`, (res) => {
        res.once('data', () => req.destroy())
        res.once('close', () => resolve())
      })
    })
    const [entry] = await entries(1)
    expect(entry).toMatchObject({ path: '/hang', aborted: true })
  })
})

describe('/metrics', () => {
  it('is an unknown page without METRICS_TOKEN', async () => {
    const { base } = await start()
    const res = await raw(base, '/metrics', { authorization: `Bearer ${TOKEN}` })
    expect(res.status).toBe(404)
    expect(res.body.toString()).not.toContain('shop_http')
  })

  it('asks for the bearer token, and answers the metrics for it', async () => {
    const { base } = await start({ metricsToken: TOKEN })
    const wrong: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token-0123456789' }]
    for (const headers of wrong) {
      const refused = await raw(base, '/metrics', headers)
      expect(refused.status).toBe(401)
      expect(refused.headers['www-authenticate']).toMatch(/^Bearer /)
      expect(refused.body.toString()).not.toContain('shop_http')
    }
    await raw(base, '/products/some-keyword-1')
    const res = await raw(base, '/metrics', { authorization: `Bearer ${TOKEN}` })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.headers['cache-control']).toBe('no-store')
    const text = res.body.toString()
    expect(text).toMatch(
      /shop_http_request_duration_seconds_count\{method="GET",route="page",status="2xx"\} 1/,
    )
    expect(text).toContain('shop_http_requests_in_flight')
    expect(text).toContain('process_resident_memory_bytes')
    expect(text).toContain('nodejs_eventloop_lag_seconds')
    // Paths never become labels.
    expect(text).not.toContain('some-keyword-1')
    const post = await raw(base, '/metrics', { authorization: `Bearer ${TOKEN}` }, 'POST')
    expect(post.status).toBe(405)
  })
})

describe('the mail backlog in /metrics', () => {
  afterEach(() => {
    delete globalThis.__shopMailPending
  })
  const pendingIn = async (base: string) => {
    const res = await raw(base, '/metrics', { authorization: `Bearer ${TOKEN}` })
    expect(res.status).toBe(200)
    return /^shop_mail_outbox_pending (\d+)$/m.exec(res.body.toString())?.[1]
  }

  it('counts what the database says, and keeps the last count when it fails or hangs', async () => {
    const { base } = await start({ metricsToken: TOKEN })
    globalThis.__shopMailPending = async () => 7
    expect(await pendingIn(base)).toBe('7')
    globalThis.__shopMailPending = async () => {
      throw new Error('database down')
    }
    expect(await pendingIn(base)).toBe('7')
    globalThis.__shopMailPending = () => new Promise<number>(() => {})
    const started = performance.now()
    expect(await pendingIn(base)).toBe('7')
    // The scrape waits for a hung database at most 2 s.
    expect(performance.now() - started).toBeLessThan(4000)
  })
})

describe('the duration histogram', () => {
  it('counts each observation in its bucket and every bucket above, by series', async () => {
    const registry = new Registry()
    const histogram = createHistogram(registry, {
      name: 'test_seconds',
      help: 'a test',
      labelNames: ['method', 'route'],
      buckets: [0.01, 0.1, 1],
    })
    for (const seconds of [0.005, 0.01, 0.05, 3]) histogram.observe('GET page', seconds)
    histogram.observe('POST api', 0.2)
    const text = await registry.metrics()
    const line = (labels: string) =>
      new RegExp(`^${labels.replace(/[{}+]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]
    expect(line('test_seconds_bucket{method="GET",route="page",le="0.01"}')).toBe('2')
    expect(line('test_seconds_bucket{method="GET",route="page",le="0.1"}')).toBe('3')
    expect(line('test_seconds_bucket{method="GET",route="page",le="1"}')).toBe('3')
    expect(line('test_seconds_bucket{method="GET",route="page",le="+Inf"}')).toBe('4')
    expect(Number(line('test_seconds_sum{method="GET",route="page"}'))).toBeCloseTo(3.065)
    expect(line('test_seconds_count{method="GET",route="page"}')).toBe('4')
    expect(line('test_seconds_bucket{method="POST",route="api",le="0.1"}')).toBe('0')
    expect(line('test_seconds_bucket{method="POST",route="api",le="1"}')).toBe('1')
    expect(text).toContain('# TYPE test_seconds histogram')
  })
})

describe('the route class', () => {
  it('is one of a few, whatever the path', () => {
    expect(routeClass('/api/health')).toBe('health')
    expect(routeClass('/api/ready?x=1')).toBe('health')
    expect(routeClass('/metrics')).toBe('metrics')
    expect(routeClass('/api/v1/products?keyword=a')).toBe('api')
    expect(routeClass('/media/products/a.webp')).toBe('media')
    expect(routeClass('/_next/image?url=%2Fa.png&w=64&q=75')).toBe('media')
    expect(routeClass('/_next/static/chunks/a.js')).toBe('static')
    expect(routeClass('/products/anything')).toBe('page')
    expect(routeClass('/apix')).toBe('page')
  })
})
