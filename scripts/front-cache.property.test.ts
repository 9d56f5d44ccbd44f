import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { accepts } from '../tests/support/raw-http'
import { decoded, raw, standIn } from './front-cache-stand-in'

// Random sequences of requests (encodings, query orders, case variants of ids, methods)
// interleaved with changes to the data, some landing while a page is being made. Whatever the
// order, every answer must decode, by its own headers, to the page as the data stands now.

const IDS = ['a1', 'b2']
const ENCODINGS = [
  undefined,
  '',
  'gzip',
  'deflate',
  '*',
  'gzip;q=0, deflate',
  'identity;q=0, gzip',
  'gzip, deflate, br, zstd',
  'br',
  'identity',
]

type Command =
  | {
      kind: 'get'
      page: 'product' | 'list'
      id: string
      upper: boolean
      reversed: boolean
      encoding: string | undefined
      method: 'GET' | 'HEAD'
    }
  | { kind: 'change'; id: string; duringRender: boolean }

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('get' as const),
      page: fc.constantFrom('product' as const, 'list' as const),
      id: fc.constantFrom(...IDS),
      upper: fc.boolean(),
      reversed: fc.boolean(),
      encoding: fc.constantFrom(...ENCODINGS),
      method: fc.constantFrom('GET' as const, 'HEAD' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('change' as const),
      id: fc.constantFrom(...IDS),
      duringRender: fc.boolean(),
    }),
  },
)

const padding = 'y'.repeat(1500)

describe('the front cache, under random traffic and changes', () => {
  it('always answers the current page, in an encoding the client accepted', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), async (commands) => {
        const version = new Map(IDS.map((id) => [id, 0]))
        let pendingChange: string | undefined
        const productPage = (id: string) => `product ${id} v${version.get(id)} ${padding}`
        const listPage = () => `list ${IDS.map((id) => `${id} v${version.get(id)}`)} ${padding}`
        const { base, cache } = await standIn((url, c) => {
          const { pathname } = new URL(url, 'http://x')
          const id = pathname.split('/')[2] ?? ''
          // Like the product page: one spelling per id, others redirect (never cached).
          if (pathname.startsWith('/product/') && id !== id.toLowerCase()) {
            return { status: 308, headers: { location: `/product/${id.toLowerCase()}` } }
          }
          const body = pathname === '/products' ? listPage() : productPage(id)
          const tags = pathname === '/products' ? ['catalog'] : [`product:${id}`]
          if (pendingChange) {
            // The data changes after this page read it, before it is sent and stored.
            version.set(pendingChange, version.get(pendingChange)! + 1)
            c.invalidate([`product:${pendingChange}`, 'catalog'])
            pendingChange = undefined
          }
          return { body, tags }
        })

        for (const c of commands) {
          if (c.kind === 'change') {
            if (c.duringRender) {
              pendingChange = c.id
              continue
            }
            version.set(c.id, version.get(c.id)! + 1)
            // What lib/products services do: the product's tag and the lists.
            cache.invalidate([`product:${c.id}`, 'catalog'])
            continue
          }
          const id = c.upper ? c.id.toUpperCase() : c.id
          const query = c.reversed ? '?sort=price&page=1' : '?page=1&sort=price'
          const path = c.page === 'list' ? `/products${query}` : `/product/${id}${query}`
          const racing = pendingChange !== undefined
          const headers: Record<string, string> = {}
          if (c.encoding !== undefined) headers['accept-encoding'] = c.encoding
          const reply = await raw(base, path, headers, c.method)
          if (c.page === 'product' && c.upper) {
            expect(reply.status).toBe(308)
            continue
          }
          expect(reply.status).toBe(200)
          expect(String(reply.headers.vary)).toMatch(/accept-encoding/i)
          if (c.method === 'HEAD') continue // no bytes to read (Next compresses no HEAD answer)
          const coding = String(reply.headers['content-encoding'] ?? 'identity')
          expect(accepts(c.encoding, coding)).toBe(true)
          if (racing) continue // made from the data before the change: fine for this one answer
          const expected = c.page === 'list' ? listPage() : productPage(c.id)
          expect(decoded(reply)).toBe(`<html>${expected}`)
        }
      }),
      { numRuns: 250 },
    )
  }, 60_000)
})
