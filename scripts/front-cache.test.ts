import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createFrontCache } from './front-cache.mjs'

// A stand-in for Next behind the front cache: answers like Next does for cached pages, and
// counts how often it was asked.
type Answer = { status?: number; headers?: Record<string, string | undefined>; body?: string }

const servers: http.Server[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.close()
})

async function serve(answer: (url: string, cache: ReturnType<typeof createFrontCache>) => Answer) {
  const cache = createFrontCache()
  let calls = 0
  const server = http.createServer((req, res) => {
    if (cache.serve(req, res)) return
    cache.capture(req, res)
    calls++
    const a = answer(req.url ?? '/', cache)
    const headers = {
      'content-type': 'text/html; charset=utf-8',
      'x-nextjs-cache': 'MISS',
      ...a.headers,
    }
    res.writeHead(a.status ?? 200, Object.fromEntries(Object.entries(headers).filter(([, v]) => v)))
    res.write('<html>')
    res.end(a.body ?? `page ${req.url} #${calls}`)
  })
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { cache, base, calls: () => calls }
}

describe('the front cache', () => {
  it('replays a cached page without asking Next again, marked as a hit', async () => {
    const { base, calls } = await serve(() => ({}))
    const first = await fetch(`${base}/products?page=2`)
    const firstBody = await first.text()
    const second = await fetch(`${base}/products?page=2`)
    expect(await second.text()).toBe(firstBody)
    expect(second.headers.get('x-nextjs-cache')).toBe('HIT')
    expect(calls()).toBe(1)
    await fetch(`${base}/products?page=3`)
    expect(calls()).toBe(2) // another URL is another page
  })

  it('keeps nothing private, cookie-setting, uncached by Next or failed', async () => {
    const { base, calls } = await serve((url) => {
      if (url === '/private') return { headers: { 'cache-control': 'private, no-store' } }
      if (url === '/cookie') return { headers: { 'set-cookie': 'a=1' } }
      if (url === '/dynamic') return { headers: { 'x-nextjs-cache': '' } }
      if (url === '/broken') return { status: 500 }
      return {}
    })
    for (const path of ['/private', '/cookie', '/dynamic', '/broken']) {
      await fetch(base + path)
      await fetch(base + path)
    }
    expect(calls()).toBe(8)
  })

  it('never answers client navigations, API calls or other encodings from a page copy', async () => {
    const { base, calls } = await serve(() => ({}))
    await fetch(`${base}/`)
    await fetch(`${base}/`, { headers: { rsc: '1' } })
    await fetch(`${base}/?_rsc=abc`)
    await fetch(`${base}/api/v1/products`)
    await fetch(`${base}/api/v1/products`)
    await fetch(`${base}/`, { headers: { 'accept-encoding': 'identity' } })
    expect(calls()).toBe(6)
  })

  it('forgets everything on a purge, and what was being made during one', async () => {
    const { cache, base, calls } = await serve((url, c) => {
      // A change lands while this page is being made: it may hold the old data.
      if (url === '/racing') c.purge()
      return {}
    })
    await fetch(`${base}/product/1`)
    cache.purge()
    const after = await fetch(`${base}/product/1`)
    expect(after.headers.get('x-nextjs-cache')).toBe('MISS')
    expect(calls()).toBe(2)
    await fetch(`${base}/racing`)
    await fetch(`${base}/racing`)
    expect(calls()).toBe(4)
  })
})
