import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { decoded, raw, type Reply } from '../tests/support/raw-http'
import { compressWhole, MAX_GATHERED, SYNC_MAX, wholeCodingFor } from './whole-compression.mjs'

// A server wired like scripts/server.mjs: a GET under /api/ that prefers gzip or deflate gets
// compressWhole before its handler, which answers the way Next sends a route's answer (headers
// set, flushHeaders, the body in chunks, end).
type Answer = (req: http.IncomingMessage, res: http.ServerResponse) => void
const servers: http.Server[] = []
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    s.close()
  }
})

async function serverWith(answer: Answer) {
  const seen: (string | undefined)[] = []
  const server = http.createServer((req, res) => {
    const coding = wholeCodingFor(req)
    if (coding) compressWhole(req, res, coding)
    seen.push(req.headers['accept-encoding'])
    answer(req, res)
  })
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return { port, seen }
}

/** A GET (or another method) to the test server, its answer as sent (tests/support/raw-http.ts). */
const get = (port: number, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  raw(`http://127.0.0.1:${port}`, path, headers, method)

const json = (n: number) =>
  JSON.stringify({
    success: true,
    items: Array.from({ length: n }, (_, i) => ({ i, name: `item ${i}` })),
  })

/** Answers as Next's sendResponse does: setHeader, flushHeaders, chunked writes, end. */
const likeNext =
  (body: string, headers: Record<string, string> = {}, chunk = 1000, status = 200): Answer =>
  (_req, res) => {
    res.statusCode = status
    res.setHeader('content-type', 'application/json')
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    res.flushHeaders()
    for (let i = 0; i < body.length; i += chunk) res.write(body.slice(i, i + chunk))
    res.end()
  }

/** Rows of a CSV batch, digits that do not repeat much (so the compressed bytes are many). */
const rows = (batch: number) =>
  Array.from(
    { length: 2000 },
    (_, i) => `${batch},${i},${((batch * 2000 + i) * 2654435761) % 4294967291}\n`,
  ).join('')

/**
 * A CSV export as Next streams it (lib/admin/csv.ts): batches written as the reads come, the next
 * one only once the response has taken the last (its 'drain').
 */
const csvExport =
  (
    batches: number,
    on: {
      beforeWrite?: (res: http.ServerResponse) => void
      onHeld?: () => void
      onEnd?: () => void
    } = {},
  ): Answer =>
  (_req, res) => {
    res.setHeader('content-type', 'text/csv; charset=utf-8')
    res.flushHeaders()
    let batch = 0
    const next = () => {
      while (batch < batches) {
        on.beforeWrite?.(res)
        if (!res.write(rows(batch++))) {
          on.onHeld?.()
          res.once('drain', next)
          return
        }
      }
      on.onEnd?.()
      res.end()
    }
    next()
  }

describe('wholeCodingFor', () => {
  const req = (method: string, url: string, accept?: string) =>
    ({
      method,
      url,
      headers: accept === undefined ? {} : { 'accept-encoding': accept },
    }) as http.IncomingMessage

  it('takes GETs under /api/ whose client prefers gzip or deflate', () => {
    expect(wholeCodingFor(req('GET', '/api/v1/products?page=2', 'gzip, deflate, br'))).toBe('gzip')
    expect(wholeCodingFor(req('GET', '/api/v1/product/1', 'deflate'))).toBe('deflate')
    expect(
      wholeCodingFor(req('GET', '/api/v1/product/1', 'gzip;q=0.2, deflate;q=0.8, identity;q=0.1')),
    ).toBe('deflate')
  })

  it('leaves the rest to Next: other methods, pages, clients that want nothing it makes', () => {
    expect(wholeCodingFor(req('HEAD', '/api/v1/products', 'gzip'))).toBeUndefined()
    expect(wholeCodingFor(req('POST', '/api/v1/cart/add', 'gzip'))).toBeUndefined()
    expect(wholeCodingFor(req('GET', '/products', 'gzip'))).toBeUndefined()
    expect(wholeCodingFor(req('GET', '/apix/products', 'gzip'))).toBeUndefined()
    expect(wholeCodingFor(req('GET', '/api/v1/products'))).toBeUndefined()
    expect(wholeCodingFor(req('GET', '/api/v1/products', 'br'))).toBeUndefined()
    expect(wholeCodingFor(req('GET', '/api/v1/products', 'identity'))).toBeUndefined()
    expect(wholeCodingFor(req('GET', '/api/v1/products', 'gzip;q=0'))).toBeUndefined()
  })
})

describe('compressWhole', () => {
  it('sends a streamed JSON answer compressed in one piece, with its length and Vary', async () => {
    const body = json(200)
    const { port, seen } = await serverWith(likeNext(body, { vary: 'Origin' }))
    const reply = await get(port, '/api/v1/products', { 'accept-encoding': 'gzip, deflate, br' })
    expect(reply.status).toBe(200)
    expect(reply.headers['content-encoding']).toBe('gzip')
    expect(reply.headers['transfer-encoding']).toBeUndefined()
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length)
    expect(reply.body.length).toBeLessThan(body.length / 3)
    expect(reply.headers.vary).toBe('Origin, Accept-Encoding')
    expect(decoded(reply)).toBe(body)
    // The handler (Next) never saw what the client accepts: it sends the bytes as they are.
    expect(seen).toEqual([undefined])
  })

  it('compresses in the coding the request prefers, small answers and error statuses too', async () => {
    const body = JSON.stringify({ success: false, message: 'Product not found' })
    const { port } = await serverWith(likeNext(body, {}, 1000, 404))
    const reply = await get(port, '/api/v1/product/x', { 'accept-encoding': 'deflate' })
    expect(reply.status).toBe(404)
    expect(reply.headers['content-encoding']).toBe('deflate')
    expect(decoded(reply)).toBe(body)
  })

  it('sends as they are: types that are not text, no-transform, encoded and empty answers', async () => {
    const png = Buffer.alloc(4000, 7)
    const gzipped = zlib.gzipSync(json(50))
    // Each answer, the bytes the client must get, and their coding as the answer said.
    const cases: [Answer, Buffer, string | undefined][] = [
      [
        (_req, res) => {
          res.setHeader('content-type', 'image/png')
          res.end(png)
        },
        png,
        undefined,
      ],
      // Streamed as Next streams, and left so: sent as it comes.
      [likeNext(json(50), { 'cache-control': 'no-transform' }), Buffer.from(json(50)), undefined],
      [likeNext(png.toString('latin1'), { 'content-type': 'image/png' }), png, undefined],
      [
        (_req, res) => {
          res.setHeader('content-type', 'application/json')
          res.setHeader('content-encoding', 'gzip')
          res.end(gzipped)
        },
        gzipped,
        'gzip',
      ],
      [
        (_req, res) => {
          res.statusCode = 204
          res.end()
        },
        Buffer.alloc(0),
        undefined,
      ],
    ]
    for (const [answer, sent, coding] of cases) {
      const { port } = await serverWith(answer)
      const reply = await get(port, '/api/v1/x', { 'accept-encoding': 'gzip' })
      expect(reply.body.equals(sent)).toBe(true)
      expect(reply.headers['content-encoding']).toBe(coding)
    }
  })

  it('compresses a large answer off the main thread, and one past the cap as it comes', async () => {
    const large = 'x'.repeat(SYNC_MAX * 3)
    const { port: p1 } = await serverWith(likeNext(JSON.stringify(large), {}, 16_384))
    const reply = await get(p1, '/api/v1/big', { 'accept-encoding': 'gzip' })
    expect(reply.headers['content-encoding']).toBe('gzip')
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length)
    expect(decoded(reply)).toBe(JSON.stringify(large))

    const huge = JSON.stringify('y'.repeat(MAX_GATHERED + 100_000))
    const { port: p2 } = await serverWith(likeNext(huge, {}, 65_536))
    const streamed = await get(p2, '/api/v1/huge', { 'accept-encoding': 'gzip' })
    expect(streamed.headers['content-encoding']).toBe('gzip')
    expect(streamed.headers['content-length']).toBeUndefined()
    expect(streamed.headers['transfer-encoding']).toBe('chunked')
    expect(decoded(streamed)).toBe(huge)
  })

  it('compresses a download as it comes, holding its writer back until the stream took its bytes', async () => {
    const batches = 40
    let endedAt = 0
    let held = 0
    const { port } = await serverWith(
      csvExport(batches, {
        onHeld: () => held++,
        onEnd: () => (endedAt = performance.now()),
      }),
    )
    const reply = await new Promise<Reply & { firstByteAt: number }>((resolve, reject) => {
      const req = http.request(
        { port, path: '/api/v1/export', host: '127.0.0.1', headers: { 'accept-encoding': 'gzip' } },
        (res) => {
          const chunks: Buffer[] = []
          const firstByteAt = performance.now()
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              body: Buffer.concat(chunks),
              firstByteAt,
            }),
          )
        },
      )
      req.on('error', reject)
      req.end()
    })
    expect(reply.headers['content-encoding']).toBe('gzip')
    expect(reply.headers.vary).toBe('Accept-Encoding')
    expect(decoded(reply)).toBe(Array.from({ length: batches }, (_, b) => rows(b)).join(''))
    // Streamed, not gathered: the head came before the writer was done, and it was held back.
    expect(reply.firstByteAt).toBeLessThan(endedAt)
    expect(held).toBeGreaterThan(0)
  })

  it('holds a download back while its client does not read: what waits stays about a socket buffer', async () => {
    // Over a Unix socket, whose buffers are small (loopback TCP's grow to many megabytes and
    // would take the whole export): the client reads nothing for a while, then all of it.
    const batches = 200
    let waiting = 0
    const exportCsv = csvExport(batches, {
      beforeWrite: (res) => (waiting = Math.max(waiting, res.writableLength)),
    })
    const server = http.createServer((req, res) => {
      compressWhole(req, res, 'gzip')
      exportCsv(req, res)
    })
    servers.push(server)
    const socketPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'whole-')), 's.sock')
    await new Promise<void>((r) => server.listen(socketPath, r))
    const body = await new Promise<Buffer>((resolve, reject) => {
      const req = http.get(
        { socketPath, path: '/api/v1/export', headers: { 'accept-encoding': 'gzip' } },
        (res) => {
          const chunks: Buffer[] = []
          res.pause()
          setTimeout(() => {
            res.on('data', (c: Buffer) => chunks.push(c))
            res.resume()
          }, 300)
          res.on('end', () => resolve(Buffer.concat(chunks)))
        },
      )
      req.on('error', reject)
    })
    // About 3 MB compressed went out; while the client did not read, the server held back.
    expect(body.length).toBeGreaterThan(2_000_000)
    expect(zlib.gunzipSync(body).toString()).toBe(
      Array.from({ length: batches }, (_, b) => rows(b)).join(''),
    )
    expect(waiting).toBeLessThan(256 * 1024)
  })

  it("calls the writes' callbacks once the answer is sent, and leaves HEAD alone", async () => {
    const called: string[] = []
    const { port } = await serverWith((req, res) => {
      res.setHeader('content-type', 'application/json')
      if (req.method === 'HEAD') return res.end()
      res.write('{"a":', () => called.push('write'))
      res.end('1}', () => called.push('end'))
    })
    const reply = await get(port, '/api/v1/cb', { 'accept-encoding': 'gzip' })
    expect(decoded(reply)).toBe('{"a":1}')
    await new Promise((r) => setTimeout(r, 50))
    expect(called).toEqual(['write', 'end'])
    const head = await get(port, '/api/v1/cb', { 'accept-encoding': 'gzip' }, 'HEAD')
    expect(head.headers['content-encoding']).toBeUndefined()
  })
})
