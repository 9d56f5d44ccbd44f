import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createAdmission, RETRY_AFTER_SECONDS } from './admission.mjs'

// A server wired like scripts/server.mjs: every request asks for a turn; the work it then does
// ends when the test says so (a slow render), and a refused one gets a 503 with Retry-After.
const servers: http.Server[] = []
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    s.close()
  }
})

async function busyServer(limits: Parameters<typeof createAdmission>[0]) {
  const admission = createAdmission(limits)
  const working: { url: string; finish: () => void }[] = []
  const server = http.createServer((req, res) => {
    admission.admit(
      res,
      () => working.push({ url: req.url!, finish: () => res.end(`done ${req.url}`) }),
      () => {
        res.writeHead(503, { 'retry-after': String(RETRY_AFTER_SECONDS) })
        res.end('busy')
      },
    )
  })
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const ask = (path: string, signal?: AbortSignal) =>
    fetch(base + path, { signal }).then(async (r) => ({
      status: r.status,
      retryAfter: r.headers.get('retry-after'),
      body: await r.text(),
    }))
  return { admission, working, ask }
}

describe('overload shedding', () => {
  it('works on a bounded number at once, queues a bounded number, and refuses the rest at once', async () => {
    const { admission, working, ask } = await busyServer({
      maxActive: 2,
      maxQueued: 2,
      maxWaitMs: 60_000,
    })
    const answers = ['/1', '/2', '/3', '/4'].map((p) => ask(p))
    await expect.poll(() => admission.stats()).toEqual({ active: 2, queued: 2, shed: 0 })
    // told while the others' work is still going on, not after it
    const refused = await ask('/5')
    expect(refused).toEqual({ status: 503, retryAfter: String(RETRY_AFTER_SECONDS), body: 'busy' })
    expect(working.map((w) => w.url)).toEqual(['/1', '/2'])
    // A finished turn goes to the first in the queue.
    working[0]!.finish()
    await expect.poll(() => working.map((w) => w.url)).toEqual(['/1', '/2', '/3'])
    for (const w of working.slice(1)) w.finish()
    await expect.poll(() => working.length).toBe(4)
    working[3]!.finish()
    expect((await Promise.all(answers)).map((a) => a.body)).toEqual([
      'done /1',
      'done /2',
      'done /3',
      'done /4',
    ])
    expect(admission.stats()).toEqual({ active: 0, queued: 0, shed: 1 })
  })

  it('refuses a request whose wait for a turn runs out, and never starts it', async () => {
    const { admission, working, ask } = await busyServer({
      maxActive: 1,
      maxQueued: 10,
      maxWaitMs: 200,
    })
    const first = ask('/slow')
    await expect.poll(() => working.length).toBe(1)
    expect(await ask('/waits')).toMatchObject({ status: 503 })
    working[0]!.finish()
    await first
    expect(working.map((w) => w.url)).toEqual(['/slow'])
    const later = ask('/later')
    await expect.poll(() => working.map((w) => w.url)).toEqual(['/slow', '/later'])
    working[1]!.finish()
    expect((await later).body).toBe('done /later')
    expect(admission.stats()).toMatchObject({ active: 0, queued: 0, shed: 1 })
  })

  it('frees the turn or the place in the queue of a client that went away', async () => {
    const { admission, working, ask } = await busyServer({
      maxActive: 1,
      maxQueued: 1,
      maxWaitMs: 60_000,
    })
    const leaving = new AbortController()
    const waiting = new AbortController()
    void ask('/gone', leaving.signal).catch(() => {})
    await expect.poll(() => working.length).toBe(1)
    void ask('/gave-up', waiting.signal).catch(() => {})
    await expect.poll(() => admission.stats().queued).toBe(1)
    waiting.abort()
    await expect.poll(() => admission.stats().queued).toBe(0)
    leaving.abort()
    await expect.poll(() => admission.stats().active).toBe(0)
    const next = ask('/next')
    await expect.poll(() => working.map((w) => w.url)).toEqual(['/gone', '/next'])
    working[1]!.finish()
    expect((await next).body).toBe('done /next')
  })

  it('takes back the turn of a request that hangs, after its time is up', async () => {
    const { admission, working, ask } = await busyServer({
      maxActive: 1,
      maxQueued: 1,
      maxWaitMs: 60_000,
      maxTurnMs: 300,
    })
    void ask('/hangs').catch(() => {})
    await expect.poll(() => working.length).toBe(1)
    const next = ask('/next')
    await expect.poll(() => working.map((w) => w.url)).toEqual(['/hangs', '/next'])
    working[1]!.finish()
    expect((await next).body).toBe('done /next')
    expect(admission.stats()).toMatchObject({ queued: 0, shed: 0 })
  })
})
