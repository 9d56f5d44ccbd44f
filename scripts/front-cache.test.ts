import { describe, expect, it } from 'vitest'
import { DEVICE_COOKIE, SESSION_COOKIE } from '../lib/auth/session-cookie'
import { PAGE_TAGS_HEADER, pageTagsValue } from '../lib/cache/cache-settings.cjs'
import { preferredCoding, requestContext } from './front-cache.mjs'
import { decoded, raw, standIn } from './front-cache-stand-in'

// Reads an answer to its end: the front cache keeps a page when its response has ended.
async function load(url: string, init?: RequestInit) {
  const response = await fetch(url, init)
  await response.arrayBuffer()
  return response
}

describe('the front cache', () => {
  it('replays a cached page without asking Next again, marked as a hit', async () => {
    const { base, calls } = await standIn(() => ({}))
    const first = await fetch(`${base}/products?page=2`)
    const firstBody = await first.text()
    const second = await fetch(`${base}/products?page=2`)
    expect(await second.text()).toBe(firstBody)
    expect(second.headers.get('x-nextjs-cache')).toBe('HIT')
    expect(calls()).toBe(1)
    await load(`${base}/products?page=3`)
    expect(calls()).toBe(2) // another URL is another page
  })

  it("replays a page with the replaying request's own id, and every header kept", async () => {
    let n = 0
    const { base } = await standIn(
      () => ({ headers: { link: undefined } }),
      {},
      (res) => res.setHeader('link', ['</a.css>; rel=preload', '</b.css>; rel=preload']),
      () => ({ 'x-request-id': `request-${++n}` }),
    )
    const first = await raw(base, '/products')
    expect(first.headers['x-request-id']).toBe('request-1')
    const second = await raw(base, '/products')
    expect(second.headers['x-shop-cache']).toBe('front')
    expect(second.headers['x-request-id']).toBe('request-2')
    expect(second.headers.link).toBe(first.headers.link)
    expect(second.body).toEqual(first.body)
  })

  it("gives each replay its own request's id, CORS and HSTS headers, and keeps none of them", async () => {
    let n = 0
    const { base, calls } = await standIn(
      () => ({ headers: { 'content-type': 'application/json' }, tags: ['catalog'] }),
      {},
      () => {},
      (req) => ({
        'X-Request-Id': `request-${++n}`,
        ...(req.headers['x-forwarded-proto'] === 'https'
          ? { 'Strict-Transport-Security': 'max-age=31536000' }
          : {}),
        ...(req.headers.origin === 'https://app.example'
          ? {
              'Access-Control-Allow-Origin': 'https://app.example',
              'Access-Control-Allow-Credentials': 'true',
              'Access-Control-Expose-Headers': 'X-Request-Id',
            }
          : {}),
      }),
    )
    const list = '/api/v1/products?page=2'
    const secure = { 'x-forwarded-proto': 'https', origin: 'https://app.example' }
    const first = await raw(base, list, secure)
    expect(first.headers['strict-transport-security']).toBe('max-age=31536000')
    // The next request from the same origin over plain http: a copy, without HSTS.
    const plain = await raw(base, list, { origin: 'https://app.example' })
    expect(plain.headers['x-shop-cache']).toBe('front')
    expect(plain.headers['x-request-id']).toBe('request-2')
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    expect(plain.headers['access-control-allow-origin']).toBe('https://app.example')
    // Each header once, and the body's length said (no chunked framing).
    const again = await raw(base, list, secure)
    expect(again.headers['x-shop-cache']).toBe('front')
    expect(again.headers['strict-transport-security']).toBe('max-age=31536000')
    expect(again.headers['access-control-allow-origin']).toBe('https://app.example')
    expect(again.headers['access-control-allow-credentials']).toBe('true')
    expect(again.headers['content-length']).toBe(String(first.body.length))
    expect(again.headers['transfer-encoding']).toBeUndefined()
    expect(again.body).toEqual(first.body)
    expect(calls()).toBe(1)
  })

  it('keeps nothing private, cookie-setting, uncached by Next or failed', async () => {
    const { base, calls } = await standIn((url) => {
      if (url === '/private') return { headers: { 'cache-control': 'private, no-store' } }
      if (url === '/cookie') return { headers: { 'set-cookie': 'a=1' } }
      if (url === '/dynamic') return { headers: { 'x-nextjs-cache': '' } }
      if (url === '/stale') return { headers: { 'x-nextjs-cache': 'STALE' } }
      if (url === '/broken') return { status: 500 }
      return {}
    })
    for (const path of ['/private', '/cookie', '/dynamic', '/stale', '/broken']) {
      await load(base + path)
      await load(base + path)
    }
    expect(calls()).toBe(10)
  })

  it('never answers client navigations or API calls from a page copy', async () => {
    const { base, calls } = await standIn(() => ({}))
    await load(`${base}/`)
    await load(`${base}/`, { headers: { rsc: '1' } })
    await load(`${base}/?_rsc=abc`)
    await load(`${base}/api/v1/products`)
    await load(`${base}/api/v1/products`)
    expect(calls()).toBe(5)
  })

  it("keeps the API's public catalog reads for callers who are not signed in, per Origin", async () => {
    const api = { 'content-type': 'application/json', 'x-nextjs-cache': undefined }
    // The shop allows https://app.example (ALLOWED_ORIGINS): its answers carry CORS headers.
    const { cache, base, calls } = await standIn((url, _cache, req) => {
      const allowed = req.headers.origin === 'https://app.example'
      const headers = allowed
        ? { ...api, 'access-control-allow-origin': 'https://app.example' }
        : api
      return url.startsWith('/api/v1/product/untagged')
        ? { headers }
        : { headers, tags: ['catalog', 'product:a'] }
    })
    const list = '/api/v1/products?category=Laptop'
    const first = await raw(base, list)
    const again = await raw(base, list)
    expect(again.headers['x-shop-cache']).toBe('front')
    expect(again.body).toEqual(first.body)
    expect(again.headers.vary).toMatch(/Accept-Encoding/)
    expect(calls()).toBe(1)
    // A signed-in caller always goes to Next, and its answer is not kept.
    // The cookie's name as the app sets it: a rename that the front cache missed fails here.
    const signedIn = { cookie: `${DEVICE_COOKIE}=d; ${SESSION_COOKIE}=s` }
    await raw(base, list, signedIn)
    await raw(base, list, signedIn)
    expect(calls()).toBe(3)
    // A guest's other cookies do not matter.
    expect((await raw(base, list, { cookie: `${DEVICE_COOKIE}=d` })).headers['x-shop-cache']).toBe(
      'front',
    )
    // An allowed origin (its answer names it in its CORS headers) gets its own copy.
    const other = { origin: 'https://app.example' }
    await raw(base, list, other)
    expect((await raw(base, list, other)).headers['x-shop-cache']).toBe('front')
    expect(calls()).toBe(4)
    // Any other Origin is answered by Next each time: made-up ones cannot fill the cache.
    for (const origin of ['https://a.example', 'https://a.example', 'null']) {
      expect((await raw(base, list, { origin })).headers['x-shop-cache']).toBeUndefined()
    }
    expect(calls()).toBe(7)
    // Conditional requests, reads of unknown tags and other API calls are not answered from here.
    await raw(base, list, { 'if-none-match': '"x"' })
    for (const path of ['/api/v1/product/untagged', '/api/v1/cart', '/api/v1/me']) {
      await raw(base, path)
      await raw(base, path)
    }
    expect(calls()).toBe(14)
    // A change to what it shows drops it.
    cache.invalidate(['product:a'])
    await raw(base, list)
    expect(calls()).toBe(15)
  })

  it('keys a page by the URL the client asked for, not the route Next rewrote it to', async () => {
    const { base, calls } = await standIn((url) =>
      url === '/products' ? { rewriteTo: '/catalog-view/kind%3Dproducts' } : { status: 404 },
    )
    await raw(base, '/products')
    expect((await raw(base, '/products')).headers['x-shop-cache']).toBe('front')
    const internal = await raw(base, '/catalog-view/kind%3Dproducts')
    expect(internal.status).toBe(404)
    expect(calls()).toBe(2)
  })

  it('never gives a client bytes in an encoding it did not accept', async () => {
    const { base } = await standIn(() => ({}))
    // Each first request stores what Next made for it; the plain client comes after each.
    for (const accept of ['deflate', '*', 'gzip;q=0, deflate', 'gzip']) {
      const path = `/product/${encodeURIComponent(accept)}`
      const first = await raw(base, path, { 'accept-encoding': accept })
      expect(first.headers['content-encoding'], accept).toMatch(/gzip|deflate/)
      const plain = await raw(base, path)
      expect(plain.headers['content-encoding'], accept).toBeUndefined()
      expect(plain.body.toString(), accept).toMatch(/^<html>page /)
      const empty = await raw(base, path, { 'accept-encoding': '' })
      expect(empty.headers['content-encoding'], accept).toBeUndefined()
    }
    // And the other way round: a plain copy never goes to a client that refuses identity.
    await raw(base, '/plain-first')
    const refusing = await raw(base, '/plain-first', { 'accept-encoding': 'identity;q=0, gzip' })
    expect(refusing.headers['content-encoding']).toBe('gzip')
    expect(decoded(refusing)).toMatch(/^<html>page /)
  })

  it('marks pages as varying by encoding, and lets shared caches keep them only briefly', async () => {
    const { base } = await standIn(() => ({}))
    for (let i = 0; i < 2; i++) {
      const reply = await raw(base, '/products', { 'accept-encoding': 'gzip' })
      expect(reply.headers.vary).toMatch(/accept-encoding/i)
      expect(reply.headers['cache-control']).toBe('public, max-age=0, s-maxage=10')
      const plain = await raw(base, '/products')
      expect(plain.headers.vary).toMatch(/accept-encoding/i)
    }
  })

  it('picks the coding the request prefers, q-values and exclusions included', () => {
    expect(preferredCoding(undefined)).toBe('identity')
    expect(preferredCoding('')).toBe('identity')
    expect(preferredCoding('gzip, deflate, br, zstd')).toBe('gzip')
    expect(preferredCoding('deflate')).toBe('deflate')
    expect(preferredCoding('gzip;q=0, deflate')).toBe('deflate')
    expect(preferredCoding('gzip;q=0.5, identity')).toBe('identity')
    expect(preferredCoding('*')).toBe('gzip')
    expect(preferredCoding('*;q=0')).toBeUndefined()
    expect(preferredCoding('identity;q=0')).toBeUndefined()
    expect(preferredCoding('br')).toBe('identity')
    expect(preferredCoding('x-gzip')).toBe('identity') // as Next's compression reads it
    expect(preferredCoding('GZIP;Q=1')).toBe('gzip')
    expect(preferredCoding('gzip;q=nonsense')).toBe('identity')
  })

  it('drops only the pages whose tags changed, and those of unknown tags', async () => {
    const { cache, base, calls } = await standIn((url) =>
      url === '/unknown' ? {} : { tags: url === '/a' ? ['catalog', 'product:a'] : ['catalog'] },
    )
    for (const path of ['/a', '/b', '/unknown']) await raw(base, path)
    expect(calls()).toBe(3)
    cache.invalidate(['product:a'])
    for (const path of ['/a', '/b', '/unknown']) await raw(base, path)
    expect(calls()).toBe(5) // /a and /unknown again, /b from the cache
    cache.invalidate(['catalog'])
    for (const path of ['/a', '/b', '/unknown']) await raw(base, path)
    expect(calls()).toBe(8)
    cache.invalidate(['product:zzz'])
    for (const path of ['/a', '/b']) await raw(base, path)
    expect(calls()).toBe(8)
  })

  it("keeps a page Next answered with another request's render under that render's tags", async () => {
    // Next renders a page once for all who ask for it at the same moment (the same product
    // under two URLs): the joined request reads and writes no cache entry itself, and learns
    // the page's tags, data time and start from the header the page's entry carries.
    let maker: number | undefined
    const { cache, base, calls } = await standIn((url) => {
      const own = requestContext.getStore()!.sequence!
      if (url.startsWith('/product/a?made')) {
        maker = own
        return {
          tags: ['product:a'],
          headers: { [PAGE_TAGS_HEADER]: pageTagsValue(['product:a', 'a,b'], Date.now(), own) },
        }
      }
      return {
        headers: { [PAGE_TAGS_HEADER]: pageTagsValue(['product:a', 'a,b'], Date.now(), maker!) },
      }
    })
    await raw(base, '/product/a?made=1')
    const joined = await raw(base, '/product/a?joined=1')
    expect(joined.headers[PAGE_TAGS_HEADER]).toBeUndefined()
    cache.invalidate(['product:b'])
    const replay = await raw(base, '/product/a?joined=1')
    expect(replay.headers['x-shop-cache']).toBe('front')
    expect(replay.headers[PAGE_TAGS_HEADER]).toBeUndefined()
    expect(calls()).toBe(2)
    cache.invalidate(['a,b'])
    await raw(base, '/product/a?joined=1')
    expect(calls()).toBe(3)
    // A render that began before a change of its tags: the joined request that began after the
    // change does not keep it.
    await raw(base, '/product/a?made=2')
    cache.invalidate(['product:a'])
    await raw(base, '/product/a?joined=2')
    await raw(base, '/product/a?joined=2')
    expect(calls()).toBe(6)
  })

  it('forgets everything on a purge, and what was being made during an invalidation', async () => {
    const { cache, base, calls } = await standIn((url, c) => {
      // A change lands while this page is being made: it may hold the old data.
      if (url === '/racing') c.invalidate(['product:r'])
      if (url === '/racing-other') c.invalidate(['product:other'])
      return { tags: ['product:r'] }
    })
    await load(`${base}/product/1`)
    cache.purge()
    const after = await fetch(`${base}/product/1`)
    expect(after.headers.get('x-nextjs-cache')).toBe('MISS')
    expect(calls()).toBe(2)
    await load(`${base}/racing`)
    await load(`${base}/racing`)
    expect(calls()).toBe(4)
    // a change to another product does not keep this page out
    await load(`${base}/racing-other`)
    const kept = await fetch(`${base}/racing-other`)
    expect(kept.headers.get('x-nextjs-cache')).toBe('HIT')
  })

  it('after a stock change, has one request make the page again while the others get the copy', async () => {
    const slow: { gate?: Promise<void> } = {}
    let clock = 1_000_000
    const { cache, base, calls } = await standIn(
      (url) => ({
        tags: [url === '/product/a' ? 'product:a' : 'product:b'],
        gate: slow.gate,
      }),
      { staleMs: 2_000, now: () => clock },
    )
    const first = await raw(base, '/product/a')
    await raw(base, '/product/b')
    cache.invalidate(['product:a'], { soft: true })
    // For the first half of the bound the copy is answered and nobody makes the page again: a
    // product that sells many times a second is made again about once a second, not per order.
    clock += 999
    expect((await raw(base, '/product/a')).body).toEqual(first.body)
    expect(calls()).toBe(2)
    clock += 1
    let release = () => {}
    slow.gate = new Promise<void>((resolve) => (release = resolve))
    const making = raw(base, '/product/a')
    await expect.poll(calls).toBe(3)
    // Meanwhile: the copy from before the change, to GET and HEAD alike, and no second making.
    const meanwhile = await Promise.all([raw(base, '/product/a'), raw(base, '/product/a')])
    for (const reply of meanwhile) expect(reply.body).toEqual(first.body)
    expect((await raw(base, '/product/a', {}, 'HEAD')).status).toBe(200)
    expect(calls()).toBe(3)
    release()
    const made = await making
    expect(made.body).not.toEqual(first.body)
    const after = await raw(base, '/product/a')
    expect(after.headers['x-shop-cache']).toBe('front')
    expect(after.body).toEqual(made.body)
    // other pages were never touched
    await raw(base, '/product/b')
    expect(calls()).toBe(3)
  })

  it('replays a copy a stock change made stale for no longer than its bound', async () => {
    let clock = 1_000_000
    let hold: Promise<void> | undefined
    const { cache, base, calls } = await standIn(() => ({ tags: ['product:a'], gate: hold }), {
      staleMs: 2_000,
      now: () => clock,
    })
    const first = await raw(base, '/p')
    cache.invalidate(['product:a'], { soft: true })
    let release = () => {}
    hold = new Promise<void>((resolve) => (release = resolve))
    clock += 1_000
    const making = raw(base, '/p')
    await expect.poll(calls).toBe(2)
    clock += 999
    expect((await raw(base, '/p')).body).toEqual(first.body)
    expect(calls()).toBe(2)
    // The making takes longer than the bound: past it, nobody gets the old copy.
    clock += 1
    hold = undefined
    const late = await raw(base, '/p')
    expect(late.body).not.toEqual(first.body)
    expect(calls()).toBe(3)
    release()
    await making
  })

  it('keeps a page made while stock changes landed, stale from the first one it may miss', async () => {
    let clock = 1_000_000
    let hold: Promise<void> | undefined
    let changes = 0
    const { base, calls } = await standIn(
      (_url, c) => {
        // Two orders land while the page is being made: it may show neither.
        if (changes++ === 0) {
          c.invalidate(['product:r'], { soft: true })
          clock += 500
          c.invalidate(['product:r'], { soft: true })
        }
        return { tags: ['product:r'], gate: hold }
      },
      { staleMs: 2_000, now: () => clock },
    )
    const made = await raw(base, '/racing')
    hold = new Promise<void>(() => {}) // the next making never ends
    clock += 500 // half the bound after the first change: the page is made again
    void raw(base, '/racing').catch(() => {})
    await expect.poll(calls).toBe(2)
    // Kept, and replayed while the page is made again, until 2 s after the first change.
    clock += 999
    expect((await raw(base, '/racing')).body).toEqual(made.body)
    clock += 1
    hold = undefined
    expect((await raw(base, '/racing')).body).not.toEqual(made.body)
    expect(calls()).toBe(3)
  })

  it('keeps a page Next kept from after the last stock change, however old', async () => {
    let clock = 1_000_000
    let dataFrom = 0
    const { cache, base, calls } = await standIn(() => ({ tags: ['product:a'], dataFrom }), {
      staleMs: 2_000,
      now: () => clock,
    })
    cache.invalidate(['product:a'], { soft: true })
    clock += 120_000
    // Read 10 s after that change and kept by Next since: nothing missed.
    dataFrom = clock - 110_000
    await raw(base, '/kept')
    expect((await raw(base, '/kept')).headers['x-shop-cache']).toBe('front')
    // Read before it: missed it, long past the bound, so not kept.
    dataFrom = clock - 130_000
    await raw(base, '/missed')
    await raw(base, '/missed')
    expect(calls()).toBe(3)
  })

  it('keeps an entry no longer than its maximum age, a backstop for a missed invalidation', async () => {
    let clock = 1_000_000
    const { base, calls } = await standIn(() => ({ tags: ['catalog'] }), {
      maxAgeSeconds: 60,
      now: () => clock,
    })
    await raw(base, '/')
    clock += 59_000
    await raw(base, '/')
    expect(calls()).toBe(1)
    clock += 2_000
    await raw(base, '/')
    expect(calls()).toBe(2)
  })

  it('counts that maximum age from when the data of the page was read, not from when it was kept', async () => {
    let clock = 1_000_000
    const { base, calls } = await standIn(() => ({ tags: ['catalog'], dataFrom: clock - 50_000 }), {
      maxAgeSeconds: 60,
      now: () => clock,
    })
    await raw(base, '/')
    clock += 9_000
    await raw(base, '/')
    expect(calls()).toBe(1)
    clock += 2_000 // 61 s after the read
    await raw(base, '/')
    expect(calls()).toBe(2)
  })

  it('stays within its memory budget under key flooding, counting what each entry holds', async () => {
    const { cache, base } = await standIn(() => ({ body: 'tiny', tags: ['catalog'] }), {
      maxBytes: 50_000,
    })
    for (let i = 0; i < 300; i++) await raw(base, `/products?page=${i}`)
    const { entries, bytes } = cache.stats()
    expect(bytes).toBeLessThanOrEqual(50_000)
    expect(entries).toBeLessThan(300)
    expect(entries).toBeGreaterThan(20)
  })
})

describe("a stored page's own Content-Security-Policy", () => {
  it('replaces the default policy, on the first answer and on every replay', async () => {
    const own = "script-src 'self' 'sha256-abc='; default-src 'self'"
    const { base, calls } = await standIn(() => ({
      headers: { 'content-security-policy': "script-src 'self'", 'x-shop-page-csp': own },
    }))
    const first = await raw(base, '/aboutme')
    const replay = await raw(base, '/aboutme')
    expect(replay.headers['x-shop-cache']).toBe('front')
    expect(calls()).toBe(1)
    for (const answer of [first, replay]) {
      expect(answer.headers['content-security-policy']).toBe(own)
      expect(answer.headers['x-shop-page-csp']).toBeUndefined()
    }
  })

  it('leaves the default policy where a page brings none', async () => {
    const { base } = await standIn(() => ({
      headers: { 'content-security-policy': "script-src 'self'" },
    }))
    expect((await raw(base, '/api-ish')).headers['content-security-policy']).toBe(
      "script-src 'self'",
    )
  })
})
