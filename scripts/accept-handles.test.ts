import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { addAcceptHandles } from './accept-handles.mjs'

const MODULE = new URL('./accept-handles.mjs', import.meta.url).href

// The listening socket under several handles (scripts/accept-handles.mjs): the server takes that
// many new connections per turn of its event loop, and closing it closes every handle.
const servers: http.Server[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    await new Promise((r) => s.close(r))
  }
})

async function server(handles: number, handler: http.RequestListener = (_q, r) => r.end('ok')) {
  const s = http.createServer(handler)
  servers.push(s)
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const warnings: string[] = []
  const count = await addAcceptHandles(s, handles, (m) => warnings.push(m))
  return { s, count, warnings, port: (s.address() as AddressInfo).port }
}

/**
 * Opens `n` connections while the event loop is held up, so they all wait in the accept queue,
 * then counts the connections the server takes in each turn; answers the most in one turn.
 */
async function mostAcceptedInOneTurn(s: http.Server, port: number, n: number) {
  let seen = 0
  s.on('connection', () => seen++)
  const sockets = Array.from({ length: n }, () => net.connect(port, '127.0.0.1'))
  // The connects go out on the next tick; the kernel completes them while the loop is held.
  await new Promise<void>((r) =>
    process.nextTick(() => {
      const until = Date.now() + 100
      while (Date.now() < until);
      r()
    }),
  )
  let most = 0
  let before = seen
  while (seen < n) {
    await new Promise((r) => setImmediate(r))
    most = Math.max(most, seen - before)
    before = seen
  }
  for (const socket of sockets) socket.destroy()
  return most
}

/** The processes whose environment holds `mark`. */
function processesMarked(mark: string): number[] {
  const found: number[] = []
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (fs.readFileSync(`/proc/${entry}/environ`, 'latin1').includes(mark))
        found.push(Number(entry))
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found
}

describe('accept handles', () => {
  it('takes one new connection per turn with one handle, several with several', async () => {
    const one = await server(1)
    expect(one.count).toBe(1)
    expect(await mostAcceptedInOneTurn(one.s, one.port, 12)).toBe(1)

    const four = await server(4)
    expect(four.count).toBe(4)
    expect(four.warnings).toEqual([])
    expect(await mostAcceptedInOneTurn(four.s, four.port, 12)).toBeGreaterThan(1)
  })

  it('answers on every handle, and closing stops them all once their requests are answered', async () => {
    const held: http.ServerResponse[] = []
    const { s, port } = await server(4, (_req, res) => {
      res.setHeader('content-type', 'text/plain')
      held.push(res)
    })
    const answers = Array.from({ length: 12 }, () =>
      fetch(`http://127.0.0.1:${port}/`).then(async (r) => `${r.status} ${await r.text()}`),
    )
    while (held.length < 12) await new Promise((r) => setTimeout(r, 5))

    let closed = false
    s.close(() => (closed = true))
    // No handle takes a new connection any more.
    await expect(
      new Promise((resolve, reject) =>
        net.connect(port, '127.0.0.1').on('connect', resolve).on('error', reject),
      ),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    // The close waits for the requests in flight, whichever handle took their connection.
    await new Promise((r) => setTimeout(r, 50))
    expect(closed).toBe(false)
    for (const res of held) res.end('done')
    expect(await Promise.all(answers)).toEqual(Array(12).fill('200 done'))
    s.closeIdleConnections()
    await expect.poll(() => closed).toBe(true)
  })

  it('answers every connection that arrives while the copies are being made', async () => {
    // A server starting under traffic (a restart behind nginx): connections arrive while the child
    // holds copies, and while the copies come back. Each once could be taken where nobody answered
    // it: hung up when the child ended, or left waiting for good (and the server then never closed).
    for (let round = 0; round < 3; round++) {
      const s = http.createServer((_q, r) => r.end('ok'))
      await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
      const { port } = s.address() as AddressInfo
      const outcomes = { answered: 0, failed: [] as string[] }
      const one = () =>
        new Promise<void>((resolve) => {
          const req = http.get({ port, host: '127.0.0.1', agent: false, timeout: 3000 }, (res) => {
            res.resume()
            res.on('end', () => {
              outcomes.answered++
              resolve()
            })
          })
          req.on('timeout', () => req.destroy(new Error('no answer in 3 s')))
          req.on('error', (error) => {
            outcomes.failed.push(error.message)
            resolve()
          })
        })
      let stop = false
      const traffic = (async () => {
        while (!stop) await Promise.all(Array.from({ length: 8 }, one))
      })()
      expect(await addAcceptHandles(s, 8, () => {})).toBe(8)
      await new Promise((r) => setTimeout(r, 50))
      stop = true
      await traffic
      expect(outcomes.failed).toEqual([])
      expect(outcomes.answered).toBeGreaterThan(0)
      const closed = await Promise.race([
        new Promise((r) => s.close(() => r('closed'))),
        new Promise((r) => setTimeout(() => r('still open after 3 s'), 3000)),
      ])
      expect(closed).toBe('closed')
    }
  }, 60_000)

  it('leaves no copying process behind when the server dies while the copies are being made', async () => {
    // A server that exits while its copies travel (as one does when its database is locked): the
    // copying process, which holds handles of the listening socket while it works, must not
    // outlive it, whenever in the exchange it died. It inherits the server's environment, so a
    // mark there finds it among the processes.
    for (const afterMs of [20, 50, 80, 120]) {
      const mark = `accept-handles-test-${randomUUID()}`
      const script = `
        import http from 'node:http'
        import { addAcceptHandles } from ${JSON.stringify(MODULE)}
        const s = http.createServer()
        s.listen(0, '127.0.0.1', () => void addAcceptHandles(s, 8, () => {}))
        setTimeout(() => process.exit(1), ${afterMs})`
      try {
        execFileSync(process.execPath, ['--input-type=module', '-e', script], {
          stdio: 'ignore',
          env: { ...process.env, ACCEPT_HANDLES_TEST_MARK: mark },
        })
      } catch {
        // It exits 1, as it was told.
      }
      // The copying process may take a while to start and to notice on a busy machine.
      await expect.poll(() => processesMarked(mark), { timeout: 20_000 }).toEqual([])
    }
  }, 120_000)
})
