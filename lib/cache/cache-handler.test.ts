import { createRequire } from 'node:module'
import pg from 'pg'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { requestContext } from '@/scripts/front-cache.mjs'
import { COMMON_DIRECTIVES, hashPolicy } from '../csp-policy.cjs'
import { PAGE_TAGS_HEADER, readPageTags } from './cache-settings.cjs'
import { inlineScriptHashes } from './script-hashes.cjs'

// The page cache handler as Next uses it: get/set/revalidateTag on one module-wide store. Each
// test loads a fresh copy (the store and the LISTEN connection live in the module).
const require = createRequire(import.meta.url)
type Handler = {
  get: (key: string, ctx?: object) => Promise<{ value: unknown } | null>
  set: (key: string, value: unknown, ctx?: object) => Promise<void>
  revalidateTag: (tags: string | string[]) => Promise<void>
}
type HandlerModule = (new () => Handler) & {
  CHANNEL: string
  listenerConnections: () => number
  stopListening: () => Promise<void>
}

const loaded: HandlerModule[] = []

function freshHandler(): { handler: Handler; handlerModule: HandlerModule } {
  const path = require.resolve('./cache-handler.cjs')
  delete require.cache[path]
  // The store lives on globalThis (one per process, whichever copy of the module runs).
  delete (globalThis as { __shopPageCache?: unknown }).__shopPageCache
  delete require.cache[require.resolve('./cache-settings.cjs')]
  const handlerModule = require(path) as HandlerModule
  loaded.push(handlerModule)
  return { handler: new handlerModule(), handlerModule }
}

const page = (text: string) => ({ kind: 'APP_PAGE', html: text, headers: {} })

afterEach(async () => {
  // Each copy may have opened a LISTEN connection of its own.
  await Promise.all(loaded.splice(0).map((m) => m.stopListening()))
  vi.useRealTimers()
  delete process.env.DATABASE_URL
  delete (globalThis as { __shopFrontCache?: unknown }).__shopFrontCache
})

describe('the page cache handler', () => {
  it('does not keep what a request read before an invalidation it stored after', async () => {
    const { handler } = freshHandler()
    const request = { startedAt: Date.now(), tags: new Set<string>() }
    await new Promise((r) => setTimeout(r, 5))
    // The change lands while the request is still rendering with the data it read before.
    await handler.revalidateTag('product:1')
    await new Promise((r) => setTimeout(r, 5))
    await requestContext.run(request, () =>
      handler.set('/product/1', page('old'), { tags: ['product:1'] }),
    )
    expect(await handler.get('/product/1')).toBeNull()
    // Another product's change does not touch it.
    const later = { startedAt: Date.now() + 1, tags: new Set<string>() }
    await new Promise((r) => setTimeout(r, 5))
    await requestContext.run(later, () =>
      handler.set('/product/1', page('new'), { tags: ['product:1'] }),
    )
    await handler.revalidateTag('product:2')
    expect(await handler.get('/product/1')).not.toBeNull()
  })

  it('tells the request which tags the entries it read and wrote carry, and their age', async () => {
    const { handler } = freshHandler()
    const writer = { startedAt: Date.now(), tags: new Set<string>() }
    await requestContext.run(writer, () =>
      handler.set('/product/1', page('p'), { tags: ['product:1'] }),
    )
    expect([...writer.tags]).toEqual(['product:1'])
    const reader: { startedAt: number; tags: Set<string>; dataFrom?: number } = {
      startedAt: Date.now() + 1000,
      tags: new Set<string>(),
    }
    await requestContext.run(reader, () => handler.get('/product/1'))
    expect([...reader.tags]).toEqual(['product:1'])
    // and how old the data it used is: the writer's start, not the reader's
    expect(reader.dataFrom).toBe(writer.startedAt)
  })

  it("gives a page's entry its tags, data time and maker's start, for requests that join it", async () => {
    const { handler } = freshHandler()
    const writer = { startedAt: Date.now() - 50, tags: new Set<string>(), sequence: 7 }
    const made = page('p')
    await requestContext.run(writer, () =>
      handler.set('/product/1', made, { tags: ['product:1', '_N_T_/product/a,b'] }),
    )
    // The very headers object Next sends the page with, to this request and to those it joined.
    expect(readPageTags((made.headers as Record<string, string>)[PAGE_TAGS_HEADER])).toEqual({
      tags: ['product:1', '_N_T_/product/a,b'],
      dataFrom: writer.startedAt,
      sequence: 7,
    })
    // Made outside a request the front cache saw: no header (the copy's tags stay unknown).
    const outside = page('q')
    await handler.set('/product/2', outside, { tags: ['product:2'] })
    expect(outside.headers).not.toHaveProperty(PAGE_TAGS_HEADER)
    expect(readPageTags('1,x,tag')).toBeUndefined()
    expect(readPageTags('x,1,tag')).toBeUndefined()
    expect(readPageTags('1,2,%E0%A4%A')).toBeUndefined()
    expect(readPageTags(['1,2,a%2Cb', '3,4'])).toEqual({ tags: ['a,b'], dataFrom: 1, sequence: 2 })
  })

  it('drops only the tagged pages in front of Next', async () => {
    const invalidated: string[][] = []
    ;(globalThis as { __shopFrontCache?: unknown }).__shopFrontCache = {
      invalidate: (tags: string[]) => invalidated.push(tags),
      purge: () => invalidated.push(['*everything*']),
    }
    const { handler } = freshHandler()
    await handler.revalidateTag(['catalog', 'product:1'])
    expect(invalidated).toEqual([['catalog', 'product:1']])
  })

  it('expires a stock change here at once, and tells the front cache it may replay a while', async () => {
    const invalidated: [string[], unknown][] = []
    ;(globalThis as { __shopFrontCache?: unknown }).__shopFrontCache = {
      invalidate: (tags: string[], options: unknown) => invalidated.push([tags, options]),
      purge: () => {},
    }
    const { handler } = freshHandler()
    const writer = { startedAt: Date.now() - 10, tags: new Set<string>() }
    await requestContext.run(writer, () =>
      handler.set('/product/1', page('p'), { tags: ['product:1'] }),
    )
    // What lib/cache/catalog-cache.ts calls for an order.
    const expire = (globalThis as { __shopExpireTags?: (t: string[], o: object) => void })
      .__shopExpireTags
    expire!(['product:1'], { soft: true })
    expect(await handler.get('/product/1')).toBeNull()
    expect(invalidated).toEqual([[['product:1'], { soft: true }]])
    await handler.revalidateTag('catalog')
    expect(invalidated[1]).toEqual([['catalog'], { soft: false }])
  })

  it('keeps one store per process, so a copy bundled elsewhere expires what Next holds', async () => {
    const { handler } = freshHandler()
    await handler.set('/product/1', page('p'), { tags: ['product:1'] })
    // Next bundles a second copy of the module into the proxy; it sets the hooks last.
    const path = require.resolve('./cache-handler.cjs')
    delete require.cache[path]
    const copy = require(path) as HandlerModule
    loaded.push(copy)
    await new Promise((r) => setTimeout(r, 5))
    const expire = (globalThis as { __shopExpireTags?: (t: string[], o: object) => void })
      .__shopExpireTags
    expire!(['product:1'], { soft: true })
    expect(await handler.get('/product/1')).toBeNull()
  })

  it('forgets an entry after its maximum age, a backstop for a missed invalidation', async () => {
    vi.useFakeTimers({ now: 1_000_000_000_000 })
    const { handler } = freshHandler()
    await handler.set('/products', page('list'), { tags: ['catalog'] })
    vi.setSystemTime(1_000_000_000_000 + 599_000)
    expect(await handler.get('/products')).not.toBeNull()
    vi.setSystemTime(1_000_000_000_000 + 601_000)
    expect(await handler.get('/products')).toBeNull()
  })

  it('counts a page at what it takes in memory, two bytes a character once any needs two', async () => {
    process.env.PAGE_CACHE_MB = '1'
    try {
      const { handler } = freshHandler()
      // 100,000 characters: 100 kB as Latin-1, 200 kB as V8 keeps it with one `…` inside.
      const latin = 'x'.repeat(100_000)
      for (let i = 0; i < 6; i++) await handler.set(`/latin/${i}`, page(latin))
      for (let i = 0; i < 6; i++) await handler.set(`/wide/${i}`, page(`…${latin}`))
      let kept = 0
      for (let i = 0; i < 6; i++) if (await handler.get(`/wide/${i}`)) kept++
      // 1 MB holds five of these pages, not six.
      expect(kept).toBe(5)
    } finally {
      delete process.env.PAGE_CACHE_MB
    }
  })

  it('lets the least recently used page go first, and keeps none larger than a quarter', async () => {
    process.env.PAGE_CACHE_MB = '1'
    try {
      const { handler } = freshHandler()
      // About 200 kB each (one `…` makes a two-byte string): five fit in 1 MB.
      const wide = `…${'x'.repeat(100_000)}`
      for (const name of ['a', 'b', 'c', 'd', 'e']) await handler.set(`/${name}`, page(wide))
      expect(await handler.get('/a')).not.toBeNull() // a is now the most recently used
      await handler.set('/f', page(wide))
      expect(await handler.get('/b')).toBeNull()
      for (const name of ['a', 'c', 'd', 'e', 'f'])
        expect(await handler.get(`/${name}`)).not.toBeNull()
      // 300 kB: more than a quarter of the budget is never kept (and pushes nothing out).
      await handler.set('/huge', page(`…${'x'.repeat(150_000)}`))
      expect(await handler.get('/huge')).toBeNull()
      expect(await handler.get('/c')).not.toBeNull()
    } finally {
      delete process.env.PAGE_CACHE_MB
    }
  })

  it('refuses a bad memory setting with a message naming it', () => {
    process.env.PAGE_CACHE_MB = 'lots'
    try {
      expect(() => freshHandler()).toThrow(/PAGE_CACHE_MB: must be a whole number of megabytes/)
    } finally {
      delete process.env.PAGE_CACHE_MB
    }
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'drops every page when its LISTEN connection comes back (broadcasts may have been missed)',
    async () => {
      process.env.DATABASE_URL = process.env.TEST_DATABASE_URL
      const purges: string[] = []
      ;(globalThis as { __shopFrontCache?: unknown }).__shopFrontCache = {
        invalidate: () => {},
        purge: () => purges.push('purge'),
      }
      const { handler, handlerModule } = freshHandler()
      await vi.waitFor(() => expect(handlerModule.listenerConnections()).toBe(1), {
        timeout: 10_000,
      })
      await handler.set('/products', page('list'), { tags: ['catalog'] })
      expect(await handler.get('/products')).not.toBeNull()

      const admin = new pg.Client({
        connectionString: process.env.TEST_DATABASE_URL,
        user: 'postgres',
      })
      await admin.connect()
      try {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
          [`byteshop-cache-${process.pid}`],
        )
      } finally {
        await admin.end()
      }
      await vi.waitFor(() => expect(handlerModule.listenerConnections()).toBe(2), {
        timeout: 10_000,
      })
      expect(await handler.get('/products')).toBeNull()
      expect(purges.length).toBeGreaterThanOrEqual(2)
    },
    30_000,
  )

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "passes another process's stock change on to the front cache as one that may lag",
    async () => {
      process.env.DATABASE_URL = process.env.TEST_DATABASE_URL
      const invalidated: [string[], unknown][] = []
      ;(globalThis as { __shopFrontCache?: unknown }).__shopFrontCache = {
        invalidate: (tags: string[], options: unknown) => invalidated.push([tags, options]),
        purge: () => {},
      }
      const { handlerModule } = freshHandler()
      await vi.waitFor(() => expect(handlerModule.listenerConnections()).toBe(1), {
        timeout: 10_000,
      })
      const other = new pg.Client({
        connectionString: process.env.TEST_DATABASE_URL,
        user: 'postgres',
      })
      await other.connect()
      try {
        const notify = 'select pg_notify($1, $2)'
        await other.query(notify, [handlerModule.CHANNEL, JSON.stringify(['catalog'])])
        await other.query(notify, [
          handlerModule.CHANNEL,
          JSON.stringify({ tags: ['product:1'], soft: true }),
        ])
        await other.query(notify, [handlerModule.CHANNEL, '{"tags": "not a list"}'])
        await vi.waitFor(() => expect(invalidated).toHaveLength(2), { timeout: 5_000 })
        expect(invalidated).toEqual([
          [['catalog'], { soft: false }],
          [['product:1'], { soft: true }],
        ])
      } finally {
        await other.end()
      }
    },
    30_000,
  )

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'ends its LISTEN connection for good when the server shuts down',
    async () => {
      process.env.DATABASE_URL = process.env.TEST_DATABASE_URL
      const { handlerModule } = freshHandler()
      await vi.waitFor(() => expect(handlerModule.listenerConnections()).toBe(1), {
        timeout: 10_000,
      })
      const admin = new pg.Client({
        connectionString: process.env.TEST_DATABASE_URL,
        user: 'postgres',
      })
      await admin.connect()
      const listeners = async () =>
        (
          await admin.query(
            'select count(*)::int as n from pg_stat_activity where application_name = $1',
            [`byteshop-cache-${process.pid}`],
          )
        ).rows[0].n as number
      try {
        expect(await listeners()).toBe(1)
        // What scripts/shutdown.mjs calls.
        const stop = (globalThis as { __shopStopCacheListener?: () => Promise<void> })
          .__shopStopCacheListener
        expect(stop).toBe(handlerModule.stopListening)
        await stop!()
        await vi.waitFor(async () => expect(await listeners()).toBe(0), { timeout: 5_000 })
        // No reconnection after the retry delay.
        await new Promise((r) => setTimeout(r, 1500))
        expect(await listeners()).toBe(0)
        expect(handlerModule.listenerConnections()).toBe(1)
      } finally {
        await admin.end()
      }
    },
    30_000,
  )
})

describe('a stored page', () => {
  it('carries a policy with the hashes of its own inline scripts, computed when stored', async () => {
    const { handler } = freshHandler()
    const value = page(
      '<html><script>self.__next_f.push([1,"a"])</script><script src="/x.js"></script>',
    )
    // Next sends its first answer with the very headers object it stores.
    const headers = value.headers as Record<string, string>
    await handler.set('/aboutme', value, {})
    const policy = headers['x-shop-page-csp']
    const [hash] = inlineScriptHashes('<script>self.__next_f.push([1,"a"])</script>')
    expect(policy).toBe(hashPolicy([hash!]))
    expect(policy).toMatch(new RegExp(`^script-src 'self' ${hash!.replace(/[+/]/g, '\\$&')}[ ;]`))
    expect(policy).toContain(COMMON_DIRECTIVES.join('; '))
    expect(policy!.split(';')[0]).not.toContain('unsafe-inline')
    const stored = (await handler.get('/aboutme')) as { value: { headers: Record<string, string> } }
    expect(stored.value.headers['x-shop-page-csp']).toBe(policy)
  })

  it('leaves what is not a page alone', async () => {
    const { handler } = freshHandler()
    const data = { kind: 'FETCH', data: { body: '<script>x</script>' }, revalidate: 60 }
    await handler.set('fetch-key', data, {})
    expect(data).not.toHaveProperty('headers')
  })
})
