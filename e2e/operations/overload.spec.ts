import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '../support/fixtures'
import { baseEnv, freePort, ServerProcess } from '../support/server-process'

// Overload (docs/decisions/0016-overload.md), on a shop of its own with one turn for uncached
// work and no queue. A login whose body never finishes holds that turn, as a slow request would
// on a busy day; meanwhile what the caches hold is still served, and new uncached work is refused
// at once with 503 and Retry-After, in the API's envelope under /api/ and as a page elsewhere.
//
// No layout is involved, so it runs once (not again at phone size).

/** A client of the API on another site, listed in ALLOWED_ORIGINS (decision 0015). */
const CLIENT = 'http://client.example'

test.describe('a shop with more uncached work than it can do', () => {
  test.skip(({ isMobile }) => isMobile, 'HTTP only: once is enough')

  test('serves its cached pages and API reads, and refuses new uncached work at once', async () => {
    test.setTimeout(240_000)
    const port = await freePort()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-overload-'))
    const token = `overload-${'0123456789'.repeat(3)}`
    const env = {
      ...baseEnv(dataDir),
      UNCACHED_MAX_ACTIVE: '1',
      UNCACHED_MAX_QUEUED: '0',
      METRICS_TOKEN: token,
      ALLOWED_ORIGINS: CLIENT,
      // The warm-up's first read waits for the first start's seeding, which on a busy machine
      // (other specs' servers) has taken over the default 30 s: room enough to see it answer.
      WARM_UP_MS: '120000',
    }
    const server = await new ServerProcess(port, env).ready(180_000)
    const held = new net.Socket()
    try {
      // The production server takes new connections through several handles of its socket and
      // runs the embedded database in a thread of its own (decisions 0016 and 0001).
      const line = (msg: string) => server.logLines.find((l) => l.msg === msg)
      await expect.poll(() => line('ByteShop ready')?.acceptHandles).toBe(8)
      await expect
        .poll(() => line('database ready')?.engine)
        .toBe('embedded PGlite, in a worker thread')
      // It started warm (scripts/warm-up.mjs): before it listened it had answered a shopper's
      // first steps itself, so the very first visitor's home page is already a copy.
      expect(line('warmed up')).toMatchObject({ failed: [] })
      const firstVisit = await fetch(`${server.url}/`)
      expect(firstVisit.status).toBe(200)
      expect(firstVisit.headers.get('x-shop-cache')).toBe('front')
      // Before the rush: a page and an API read, each asked twice (the second from the copy).
      const listRead = `${server.url}/api/v1/products?category=Laptop`
      for (const url of [`${server.url}/products?page=3`, listRead]) {
        await fetch(url).then((r) => r.arrayBuffer())
        await expect.poll(async () => (await fetch(url)).headers.get('x-shop-cache')).toBe('front')
      }

      // The one turn, held: a login whose body is still on its way.
      await new Promise<void>((resolve) => held.connect(port, '127.0.0.1', resolve))
      held.write(
        'POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Content-Length: 60\r\n\r\n{"email":"',
      )
      // The login has the turn before anything else asks for one: on a busy machine the server
      // could otherwise read the next request first, give it the turn and refuse the login.
      const active = async () => {
        const res = await fetch(`${server.url}/metrics`, {
          headers: { authorization: `Bearer ${token}` },
        })
        return /^shop_uncached_requests\{state="active"\} (\d+)$/m.exec(await res.text())?.[1]
      }
      await expect.poll(active).toBe('1')
      const busyPage = `${server.url}/products/nothing-cached-here`
      await expect.poll(async () => (await fetch(busyPage)).status).toBe(503)

      const page = await fetch(busyPage)
      expect(page.status).toBe(503)
      expect(page.headers.get('retry-after')).toBe('2')
      expect(page.headers.get('cache-control')).toBe('no-store')
      expect(page.headers.get('content-type')).toMatch(/^text\/html/)
      expect(await page.text()).toContain('The shop is very busy right now')

      const api = await fetch(`${server.url}/api/v1/products?keyword=nothing-cached`)
      expect(api.status).toBe(503)
      expect(api.headers.get('retry-after')).toBe('2')
      expect(await api.json()).toEqual({
        success: false,
        message: 'The shop is very busy right now. Please try again in a moment.',
      })
      const write = await fetch(`${server.url}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'someone@example.com', password: 'whatever1' }),
      })
      expect(write.status).toBe(503)
      // A client on another site can read the refusal and when to try again: the 503 carries its
      // CORS headers (without them the browser shows that client a network error), and so does
      // the 413 the server gives before Next to a body declared too large.
      for (const [init, status] of [
        [
          {
            method: 'POST',
            body: JSON.stringify({ email: 'a@example.com', password: 'whatever1' }),
          },
          503,
        ],
        [{ method: 'POST', body: 'x'.repeat(200_000) }, 413],
      ] as const) {
        const refused = await fetch(`${server.url}/api/v1/login`, {
          ...init,
          headers: { 'content-type': 'application/json', origin: CLIENT },
        })
        expect(refused.status).toBe(status)
        expect(refused.headers.get('access-control-allow-origin')).toBe(CLIENT)
        expect(refused.headers.get('access-control-allow-credentials')).toBe('true')
        expect(refused.headers.get('access-control-expose-headers')).toContain('Retry-After')
        expect(refused.headers.get('vary')).toContain('Origin')
        expect((await refused.json()).success).toBe(false)
      }
      // Nobody else's origin gets them.
      const stranger = await fetch(`${server.url}/api/v1/products?keyword=nothing-cached`, {
        headers: { origin: 'http://stranger.example' },
      })
      expect(stranger.status).toBe(503)
      expect(stranger.headers.get('access-control-allow-origin')).toBeNull()

      // What the caches hold, and the probes, are answered all the same.
      const home = await fetch(`${server.url}/`)
      expect(home.status).toBe(200)
      expect(home.headers.get('x-shop-cache')).toBe('front')
      const list = await fetch(listRead)
      expect(list.status).toBe(200)
      expect(list.headers.get('x-shop-cache')).toBe('front')
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)

      // Once the slow request is gone, the turn is free again.
      held.destroy()
      await expect.poll(async () => (await fetch(busyPage)).status).toBe(200)
      const shed = server.logLines.filter((l) => l.msg === 'request' && l.route === 'busy')
      expect(shed.length).toBeGreaterThanOrEqual(4)
      expect(shed.every((l) => l.status === 503)).toBe(true)
    } finally {
      held.destroy()
      server.child.kill('SIGTERM')
      await server.exited
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
