// The mixed-load bench's lean client (bench/lib/connection.mjs) reads every framing the shop
// sends the way node:http does: the bench counts statuses and reuses cookies from its answers.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Connection } from '../../bench/lib/connection.mjs'

let server: http.Server
let origin = ''
const seen: { url: string; remote: string; body: string; socket: number }[] = []
let sockets = 0

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const socket = ((req.socket as unknown as { n?: number }).n ??= ++sockets)
      seen.push({
        url: req.url ?? '',
        remote: req.socket.remoteAddress ?? '',
        body: Buffer.concat(chunks).toString(),
        socket,
      })
      if (req.url === '/length') {
        res.setHeader('set-cookie', ['a=1; Path=/; HttpOnly', 'b=2; Path=/'])
        res.end('x'.repeat(70_000))
      } else if (req.url === '/chunked') {
        res.write('one,')
        setTimeout(() => res.end('two'), 5)
      } else if (req.url === '/close') {
        res.writeHead(503, { connection: 'close', 'retry-after': '2' })
        res.end('busy')
      } else if (req.url === '/empty') {
        res.writeHead(204)
        res.end()
      } else if (req.url === '/echo') {
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ got: Buffer.concat(chunks).toString(), h: req.headers['x-h'] }))
      } else if (req.url === '/hang') {
        // never answers
      } else res.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('the bench connection', () => {
  it('reads answers by length and by chunks on one kept-alive connection, from its own address', async () => {
    seen.length = 0
    const c = new Connection(origin, { localAddress: '127.0.1.7' })
    const a = await c.request('/length')
    expect(a.status).toBe(200)
    expect(a.buffer.length).toBe(70_000)
    expect(a.cookies).toBe('a=1; b=2')
    const b = await c.request('/chunked')
    expect(b.text).toBe('one,two')
    const e = await c.request('/empty')
    expect(e.status).toBe(204)
    const d = await c.request('/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-h': 'v' },
      body: '{"é":1}',
    })
    expect(d.json()).toEqual({ got: '{"é":1}', h: 'v' })
    c.close()
    expect(new Set(seen.map((s) => s.socket)).size).toBe(1)
    expect(seen).toHaveLength(4)
    expect(new Set(seen.map((s) => s.remote))).toEqual(new Set(['127.0.1.7']))
  })

  it('opens a new connection after the server closes one', async () => {
    seen.length = 0
    const c = new Connection(origin)
    const shed = await c.request('/close')
    expect(shed.status).toBe(503)
    expect(shed.headers['retry-after']).toBe('2')
    expect(shed.text).toBe('busy')
    expect((await c.request('/ok')).text).toBe('ok')
    c.close()
    expect(new Set(seen.map((s) => s.socket)).size).toBe(2)
  })

  it('gives up after its timeout', async () => {
    const c = new Connection(origin)
    await expect(c.request('/hang', { timeoutMs: 100 })).rejects.toThrow('took over 100 ms')
    expect((await c.request('/ok')).text).toBe('ok')
    c.close()
  })
})
