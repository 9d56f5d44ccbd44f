import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { raw } from '../tests/support/raw-http'
import { scalarBundle } from '../lib/api/openapi/scalar-bundle.cjs'
import { acceptsBrotli, createStaticAssets, writeBrotliCopies } from './static-assets.mjs'

// A stand-in for Scalar's bundle (the API reference's), with the eval probe the shop answers.
const SCALAR_SOURCE = 'node_modules/@scalar/api-reference/dist/browser/standalone.js'
const scalarSource = `var z=function(){try{return new Function(""),!0}catch(e){return!1}};${'var api=1;'.repeat(4000)}`

// A build folder with one script, and a stand-in for Next that answers whatever is left to it.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-assets-'))
const script = `console.log(${JSON.stringify('first-load '.repeat(500))})\n`
let base = ''
let server: http.Server

beforeAll(async () => {
  fs.mkdirSync(path.join(root, '.next/static/chunks'), { recursive: true })
  fs.writeFileSync(path.join(root, '.next/static/chunks/app-1a2b.js'), script)
  fs.writeFileSync(path.join(root, '.next/static/chunks/notes.txt'), 'not a script')
  fs.writeFileSync(path.join(root, '.next/BUILD_ID'), 'secret-ish')
  fs.mkdirSync(path.dirname(path.join(root, SCALAR_SOURCE)), { recursive: true })
  fs.writeFileSync(path.join(root, SCALAR_SOURCE), scalarSource)
  const assets = createStaticAssets({ root })
  await assets.warmed
  server = http.createServer((req, res) => {
    if (assets.serve(req, res)) return
    res.writeHead(299, { 'x-answered-by': 'next' })
    res.end('next')
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.close()
  fs.rmSync(root, { recursive: true, force: true })
})

// The target goes out as written (`..` included), as a hostile client would send it.
const get = (urlPath: string, acceptEncoding?: string, method = 'GET') =>
  raw(
    base,
    urlPath,
    acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    method,
  )

describe('build files in Brotli', () => {
  it('sends a script in Brotli to a browser that accepts it, smaller and decoding to the file', async () => {
    const res = await get('/_next/static/chunks/app-1a2b.js', 'gzip, deflate, br, zstd')
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers.vary).toBe('Accept-Encoding')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(Number(res.headers['content-length'])).toBe(res.body.length)
    expect(res.body.length).toBeLessThan(script.length / 10)
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script)
  })

  it('answers HEAD with the headers only', async () => {
    const res = await get('/_next/static/chunks/app-1a2b.js?dpl=1', 'br', 'HEAD')
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.body.length).toBe(0)
  })

  it('leaves every other request to Next', async () => {
    for (const [urlPath, encoding] of [
      ['/_next/static/chunks/app-1a2b.js', undefined],
      ['/_next/static/chunks/app-1a2b.js', 'gzip, deflate'],
      ['/_next/static/chunks/app-1a2b.js', 'br;q=0, gzip'],
      ['/_next/static/chunks/notes.txt', 'br'],
      ['/_next/static/chunks/missing.js', 'br'],
      ['/_next/static/../BUILD_ID', 'br'],
      ['/_next/static/chunks/../../BUILD_ID', 'br'],
      ['/_next/static/chunks/..%2F..%2FBUILD_ID', 'br'],
      ['/products', 'br'],
    ] as const) {
      const res = await get(urlPath, encoding)
      expect(res.headers['x-answered-by'], `${urlPath} ${encoding}`).toBe('next')
    }
  })

  it('reads q-values in Accept-Encoding', () => {
    expect(acceptsBrotli('br')).toBe(true)
    expect(acceptsBrotli('gzip, br;q=0.5')).toBe(true)
    expect(acceptsBrotli('*')).toBe(true)
    expect(acceptsBrotli('*;q=0')).toBe(false)
    expect(acceptsBrotli('br;q=0, *')).toBe(false)
    expect(acceptsBrotli('BR ; Q=0.1')).toBe(true)
    expect(acceptsBrotli('gzip')).toBe(false)
    expect(acceptsBrotli(undefined)).toBe(false)
  })
})

describe('Brotli copies made by the build', () => {
  const SCRIPT = '.next/static/chunks/app-1a2b.js'
  const COPY = '.next/shop-brotli/chunks/app-1a2b.js.br'
  /** A build of `script` with its copies written, then the copy replaced by a quick (level 1)
   * compression: bytes that only a start reading the copy can send. */
  function buildWithCopies(id: string) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-copies-'))
    fs.mkdirSync(path.join(dir, '.next/static/chunks'), { recursive: true })
    fs.writeFileSync(path.join(dir, SCRIPT), script)
    fs.writeFileSync(path.join(dir, '.next/BUILD_ID'), id)
    expect(writeBrotliCopies(dir)).toBe(1)
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, COPY))).toString()).toBe(script)
    const quick = zlib.brotliCompressSync(script, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
    })
    fs.writeFileSync(path.join(dir, COPY), quick)
    return { dir, quick }
  }
  async function served(dir: string) {
    const lines: string[] = []
    const assets = createStaticAssets({ root: dir, log: (line: string) => lines.push(line) })
    await assets.warmed
    const own = http.createServer((req, res) => {
      if (!assets.serve(req, res)) res.writeHead(299).end('next')
    })
    await new Promise<void>((r) => own.listen(0, '127.0.0.1', r))
    try {
      const at = `http://127.0.0.1:${(own.address() as AddressInfo).port}`
      const res = await raw(at, '/_next/static/chunks/app-1a2b.js', { 'accept-encoding': 'br' })
      return { body: res.body, lines }
    } finally {
      own.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }

  it('are what a start of that build sends, with nothing compressed at start', async () => {
    const { dir, quick } = buildWithCopies('build-1')
    const { body, lines } = await served(dir)
    expect(Buffer.compare(body, quick)).toBe(0)
    expect(lines.join('\n')).toContain('0 compressed now')
  })

  it('of another build are not used: the start compresses the files itself', async () => {
    const { dir, quick } = buildWithCopies('build-1')
    fs.writeFileSync(path.join(dir, '.next/BUILD_ID'), 'build-2')
    const { body, lines } = await served(dir)
    expect(Buffer.compare(body, quick)).not.toBe(0)
    expect(zlib.brotliDecompressSync(body).toString()).toBe(script)
    expect(lines.join('\n')).toContain('1 compressed now')
  })
})

describe("the API reference's bundle (Scalar)", () => {
  const served = scalarSource.replace(
    /try\{return new Function\(""\),!0\}catch\(e\)\{return!1\}/,
    'return!1',
  )

  // The first request starts the compression and is Next's; the next ones are served from memory.
  async function whenKept(target: string) {
    for (let i = 0; i < 100; i++) {
      const res = await get(target, 'gzip')
      if (res.headers['x-answered-by'] !== 'next') return
      await new Promise((r) => setTimeout(r, 20))
    }
    throw new Error('the bundle was never served from memory')
  }

  it('is compressed once and sent in the best coding each client takes, as the served bytes', async () => {
    const { version } = scalarBundle(root)
    const target = `/docs/api/scalar.js?v=${version}`
    await whenKept(target)

    const br = await get(target, 'gzip, deflate, br, zstd')
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(served)
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(Number(br.headers['content-length'])).toBe(br.body.length)

    const gz = await get(target, 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.body).toString()).toBe(served)

    const plain = await get(target)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(served)
    expect(plain.body.toString()).not.toContain('new Function')

    const head = await get(target, 'br', 'HEAD')
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.body.length).toBe(0)
  })

  it('caches for good only the URL of its own version', async () => {
    await whenKept('/docs/api/scalar.js')
    for (const target of ['/docs/api/scalar.js', '/docs/api/scalar.js?v=0123456789ab']) {
      const res = await get(target, 'br')
      expect(res.status, target).toBe(200)
      expect(res.headers['cache-control'], target).toBe('public, max-age=300')
    }
  })

  it('leaves other methods, other paths and codings it does not keep to Next', async () => {
    await whenKept('/docs/api/scalar.js')
    for (const [target, encoding, method] of [
      ['/docs/api/scalar.js', 'deflate', 'GET'],
      ['/docs/api/scalar.js', 'identity;q=0', 'GET'],
      ['/docs/api/scalar.js', 'br', 'POST'],
      ['/docs/api/scalar.jsx', 'br', 'GET'],
      ['/docs/api/start.js', 'br', 'GET'],
    ] as const) {
      const res = await get(target, encoding, method)
      expect(res.headers['x-answered-by'], `${method} ${target} ${encoding}`).toBe('next')
    }
  })
})
