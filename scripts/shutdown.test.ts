import { createServer, request, type Agent, type Server } from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { handleShutdown } from './shutdown.mjs'

// A real HTTP server with a slow route; the shutdown is called as the signal handler would be.

const servers: Server[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections()
  delete (globalThis as { __shopShuttingDown?: boolean }).__shopShuttingDown
})

async function serve(delayMs: number, repeatWindowMs = 0, timeoutMs = 1000) {
  const server = createServer((req, res) => {
    const wait = req.url === '/slow' ? delayMs : req.url === '/hang' ? 1e9 : 0
    setTimeout(() => res.end(`done ${req.url}`), wait).unref()
  })
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  const events: string[] = []
  let exitCode: number | undefined
  const shutdown = handleShutdown(server, {
    timeoutMs,
    signals: [],
    repeatWindowMs,
    log: (fields) => events.push(String(fields.msg)),
    exit: (code) => {
      exitCode = code
      events.push(`exit ${code}`)
    },
    closers: () => [
      ['cache', () => events.push('closed cache')],
      ['database', async () => void events.push('closed database')],
    ],
  })
  return { server, port, events, shutdown, exitCode: () => exitCode }
}

/** One request; `agent` keeps the connection open between requests. */
function get(port: number, path: string, agent?: Agent) {
  return new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = ''
      res.on('data', (d) => (body += d))
      res.on('end', () =>
        resolve({ status: res.statusCode!, body, connection: res.headers.connection }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.on('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })

describe('graceful shutdown', () => {
  it('finishes requests in flight, refuses new connections, then closes and exits 0', async () => {
    const { port, events, shutdown } = await serve(400)
    const inFlight = [get(port, '/slow'), get(port, '/slow')]
    await new Promise((r) => setTimeout(r, 100))
    const done = shutdown('SIGTERM')
    expect((globalThis as { __shopShuttingDown?: boolean }).__shopShuttingDown).toBe(true)
    expect(await connects(port)).toBe(false)
    const answers = await Promise.all(inFlight)
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [200, 'done /slow'],
      [200, 'done /slow'],
    ])
    expect(await done).toBe(0)
    expect(events.slice(-6)).toEqual([
      'closed cache',
      'shutdown: closed the cache',
      'closed database',
      'shutdown: closed the database',
      'shutdown: done',
      'exit 0',
    ])
    expect(events).toContain('shutdown: requests in flight finished')
  })

  it('does not wait for idle keep-alive connections, and closes busy ones after their answer', async () => {
    const { port, shutdown } = await serve(300)
    const { Agent } = await import('node:http')
    const idle = new Agent({ keepAlive: true })
    const busy = new Agent({ keepAlive: true, maxSockets: 1 })
    await get(port, '/', idle)
    await get(port, '/', busy)
    const slow = get(port, '/slow', busy)
    // Queued behind /slow on the same kept-alive connection: it arrives during the shutdown.
    const next = get(port, '/after', busy)
    await new Promise((r) => setTimeout(r, 50))
    const started = Date.now()
    const code = await shutdown('SIGTERM')
    expect(code).toBe(0)
    expect(Date.now() - started).toBeLessThan(900)
    expect((await slow).status).toBe(200)
    const after = await next.catch((error: Error) => error)
    // Either answered with Connection: close, or never sent on a connection being closed.
    if (!(after instanceof Error)) expect(after.connection).toBe('close')
    idle.destroy()
    busy.destroy()
  })

  it('answers a request arriving on an open connection during the shutdown with Connection: close', async () => {
    const { port, shutdown } = await serve(300)
    const socket = net.connect(port, '127.0.0.1')
    await new Promise((r) => socket.once('connect', r))
    let received = ''
    socket.on('data', (d) => (received += d))
    const ended = new Promise((r) => socket.once('end', r))
    socket.write('GET /slow HTTP/1.1\r\nHost: shop\r\n\r\n')
    await new Promise((r) => setTimeout(r, 50))
    const done = shutdown('SIGTERM')
    socket.write('GET /after HTTP/1.1\r\nHost: shop\r\n\r\n')
    await ended
    expect(await done).toBe(0)
    const answers = received.split(/(?=HTTP\/1\.1 )/)
    expect(answers).toHaveLength(2)
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200[^]*done \/slow$/)
    expect(answers[1]).toMatch(/^HTTP\/1\.1 200[^]*Connection: close[^]*done \/after$/i)
  })

  it('does not wait for a connection that never finished sending its request', async () => {
    const { port, shutdown, events } = await serve(0, 0, 10_000)
    // Headers without their end: no request for the server to answer, and never idle either.
    const socket = net.connect(port, '127.0.0.1')
    await new Promise((r) => socket.once('connect', r))
    socket.on('error', () => {})
    const closed = new Promise((r) => socket.once('close', r))
    socket.write('GET /slow HTTP/1.1\r\nHost: shop\r\n')
    await new Promise((r) => setTimeout(r, 50))
    const started = Date.now()
    expect(await shutdown('SIGTERM')).toBe(0)
    await closed
    // Cut about a second after the last request in flight, long before the 10 s deadline.
    expect(Date.now() - started).toBeLessThan(2_500)
    expect(events).toContain('shutdown: requests in flight finished')
    expect(events).not.toContain('shutdown: deadline reached, cutting requests')
  })

  it('cuts requests still running at the deadline and still closes the database', async () => {
    const { port, events, shutdown } = await serve(0)
    const hanging = get(port, '/hang').catch((error: Error) => error)
    await new Promise((r) => setTimeout(r, 50))
    const started = Date.now()
    expect(await shutdown('SIGTERM')).toBe(0)
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(await hanging).toBeInstanceOf(Error)
    expect(events).toContain('shutdown: deadline reached, cutting requests')
    expect(events).toContain('closed database')
  })

  it('exits at once, with 1, on a second signal', async () => {
    const { port, events, shutdown } = await serve(0)
    const hanging = get(port, '/hang').catch(() => {})
    await new Promise((r) => setTimeout(r, 50))
    void shutdown('SIGTERM')
    expect(await shutdown('SIGINT')).toBe(1)
    expect(events).toContain('shutdown: second signal, exiting at once')
    expect(events).toContain('exit 1')
    expect(events).not.toContain('closed database')
    servers[0]!.closeAllConnections()
    await hanging
  })

  it('takes a signal repeated at once (terminal and npm both pass Ctrl-C on) as the same one', async () => {
    const { port, events, shutdown } = await serve(300, 1000)
    const slow = get(port, '/slow')
    await new Promise((r) => setTimeout(r, 50))
    const done = shutdown('SIGINT')
    expect(await shutdown('SIGINT')).toBeUndefined()
    expect((await slow).status).toBe(200)
    expect(await done).toBe(0)
    expect(events).toContain('shutdown: signal repeated at once, taken as the same one')
    expect(events).not.toContain('exit 1')
  })

  it('exits 1 when the database cannot be closed', async () => {
    const server = createServer((_req, res) => res.end())
    servers.push(server)
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const shutdown = handleShutdown(server, {
      signals: [],
      log: () => {},
      exit: () => {},
      closers: () => [
        [
          'database',
          () => {
            throw new Error('disk gone')
          },
        ],
      ],
    })
    expect(await shutdown('SIGTERM')).toBe(1)
  })
})
