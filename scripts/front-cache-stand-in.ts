import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'
import { createFrontCache, requestContext } from './front-cache.mjs'
// The compression middleware Next itself runs, so the stand-in encodes exactly like Next.
// @ts-expect-error no types for Next's compiled copy
import compression from 'next/dist/compiled/compression'

// A stand-in for Next behind the front cache, wired like scripts/server.mjs: answers like Next
// does for cached pages (compressed as Next compresses), records the page's tags as the page
// cache handler does, and counts how often it was asked.
type Answer = {
  status?: number
  headers?: Record<string, string | undefined>
  body?: string
  tags?: string[]
  /** When the data behind the page was read, as the page cache handler reports it. */
  dataFrom?: number
  /** What Next does to req.url when its proxy rewrites a request. */
  rewriteTo?: string
  /** Holds the answer back until it settles (a slow render). */
  gate?: Promise<void>
}
type Cache = ReturnType<typeof createFrontCache>

const servers: http.Server[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.close()
})

const compress = compression() as (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  next: () => void,
) => void
// Big enough for Next's compression to compress it (it skips bodies under 1 kB).
const padding = 'x'.repeat(2000)

export async function standIn(
  answer: (url: string, cache: Cache, req: http.IncomingMessage) => Answer,
  options: Parameters<typeof createFrontCache>[0] = {},
  /** What the server does to every response before the cache (scripts/observe.mjs). */
  before: (res: http.ServerResponse) => void = () => {},
  /** The headers of a request's own answer, given to the cache as scripts/server.mjs does. */
  own?: (req: http.IncomingMessage) => Record<string, string>,
) {
  const cache = createFrontCache(options)
  let calls = 0
  const server = http.createServer((req, res) => {
    before(res)
    const headers = own?.(req)
    if (cache.serve(req, res, headers) !== false) return
    for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value)
    requestContext.run({ startedAt: Date.now(), tags: new Set() }, () => {
      cache.capture(req, res, headers)
      calls++
      const a = answer(req.url ?? '/', cache, req)
      for (const tag of a.tags ?? []) requestContext.getStore()!.tags.add(tag)
      if (a.rewriteTo) req.url = a.rewriteTo
      if (a.dataFrom !== undefined) requestContext.getStore()!.dataFrom = a.dataFrom
      const send = () =>
        compress(req, res, () => {
          const headers = {
            'content-type': 'text/html; charset=utf-8',
            'x-nextjs-cache': 'MISS',
            'cache-control': 's-maxage=31536000',
            ...a.headers,
          }
          for (const [name, value] of Object.entries(headers)) if (value) res.setHeader(name, value)
          res.statusCode = a.status ?? 200
          res.write('<html>')
          res.end(a.body ?? `page ${req.url} #${n} ${padding}`)
        })
      const n = calls
      if (a.gate) void a.gate.then(send)
      else send()
    })
  })
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { cache, base, calls: () => calls }
}

export { decoded, raw, type Reply } from '../tests/support/raw-http'
