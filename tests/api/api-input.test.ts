import { describe, expect, it, vi } from 'vitest'
import { requestContext } from '@/scripts/front-cache.mjs'
import { PUT as updateProduct } from '@/app/api/v1/admin/product/[id]/route'
import { GET as getProduct } from '@/app/api/v1/product/[id]/route'
import { GET as listProducts } from '@/app/api/v1/products/route'
import { GET as listReviews } from '@/app/api/v1/reviews/route'
import { withApi } from '@/lib/api/handler'
import { installTestDatabase } from '../support/db'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser } from '../factories'

// Hostile input on the API: every case is a 4xx with a message naming the input, never a 500.

installTestDatabase()

const VALID = {
  name: 'Lamp',
  description: 'Bright.',
  price: 10,
  stock: 1,
  category: 'Households',
  itemCondition: 'New',
}

async function list(query: string) {
  const res = await listProducts(apiRequest(`/api/v1/products${query}`), routeContext({}))
  return { status: res.status, body: await res.json() }
}

async function asAdmin() {
  return sessionCookieFor(await createUser({ role: 'admin' }))
}

describe('price bounds', () => {
  it('answer 400 naming the parameter for numbers past any price', async () => {
    for (const name of ['price[gte]', 'price[lte]']) {
      for (const value of ['2147483648', '21474837', '1e308', '9'.repeat(400), '1000000.01']) {
        const { status, body } = await list(`?${encodeURIComponent(name)}=${value}`)
        expect(status, `${name}=${value}`).toBe(400)
        // "must be from 0 to 1000000", or "must be a number" for what is not finite
        expect(body.message).toMatch(new RegExp(`^${name.replace(/[[\]]/g, '\\$&')} must be`))
        expect(body.errors).toEqual({ [name]: expect.any(String) })
      }
    }
  })

  it('are decimal numbers: hexadecimal, binary and octal spellings are 400', async () => {
    for (const query of ['limit=0x10', 'page=0b1', 'price%5Bgte%5D=0o7', 'ratings%5Bgte%5D=0x1']) {
      const { status, body } = await list(`?${query}`)
      expect(status, query).toBe(400)
      expect(body.message).toMatch(/must be a number/)
    }
    expect((await list('?limit=1e1&page=+1&price%5Bgte%5D=.5')).status).toBe(200)
  })

  it('still take the highest price there is', async () => {
    expect((await list('?price%5Blte%5D=1000000&price%5Bgte%5D=0')).status).toBe(200)
  })
})

describe('NUL characters', () => {
  it('in a query parameter: 400 naming it', async () => {
    const { status, body } = await list('?keyword=lamp%00')
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message: 'keyword must not contain a NUL character' })
    const reviews = await listReviews(apiRequest('/api/v1/reviews?productId=%00'), routeContext({}))
    expect(reviews.status).toBe(400)
    expect((await reviews.json()).message).toBe('productId must not contain a NUL character')
  })

  it('in the path: 400', async () => {
    const res = await getProduct(apiRequest('/api/v1/product/%00'), routeContext({ id: '\u0000' }))
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('The path must not contain a NUL character')
  })

  it('in a JSON or form field: 400 naming the field, and nothing changed', async () => {
    const cookie = await asAdmin()
    const p = await createProduct({ name: 'Untouched' })
    const put = (init: Parameters<typeof apiRequest>[1]) =>
      updateProduct(
        apiRequest(`/api/v1/admin/product/${p.id}`, { method: 'PUT', cookie, ...init }),
        routeContext({ id: p.id }),
      )
    const json = await put({ json: { ...VALID, description: 'Bright\u0000' } })
    expect(json.status).toBe(400)
    expect((await json.json()).message).toBe('description must not contain a NUL character')
    const form = new FormData()
    for (const [k, v] of Object.entries(VALID)) form.set(k, String(v))
    form.set('name', 'La\u0000mp')
    const multipart = await put({ body: form })
    expect(multipart.status).toBe(400)
    expect((await multipart.json()).message).toBe('name must not contain a NUL character')
    const after = await getProduct(
      apiRequest(`/api/v1/product/${p.id}`),
      routeContext({ id: p.id }),
    )
    expect((await after.json()).product.name).toBe('Untouched')
  })

  it('in a JSON body nested thousands of levels deep: 400, not a stack overflow', async () => {
    const cookie = await asAdmin()
    const p = await createProduct({ name: 'Deep' })
    const res = await updateProduct(
      apiRequest(`/api/v1/admin/product/${p.id}`, {
        method: 'PUT',
        cookie,
        body: '{"a":' + '['.repeat(40_000) + ']'.repeat(40_000) + '}',
        headers: { 'content-type': 'application/json' },
      }),
      routeContext({ id: p.id }),
    )
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('The body nests deeper than 32 levels')
  })
})

describe('request bodies', () => {
  /** A body of `total` bytes sent in chunks with no Content-Length; counts what was pulled. */
  function chunked(total: number, chunk = 64 * 1024) {
    const state = { pulled: 0 }
    const piece = new Uint8Array(chunk).fill(0x20)
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (state.pulled >= total) return controller.close()
        state.pulled += chunk
        controller.enqueue(piece)
      },
    })
    return { stream, state }
  }

  async function putStream(type: string, stream: ReadableStream<Uint8Array>) {
    const p = await createProduct()
    const request = new Request(`http://localhost:3000/api/v1/admin/product/${p.id}`, {
      method: 'PUT',
      headers: { origin: 'http://localhost:3000', cookie: await asAdmin(), 'content-type': type },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    return updateProduct(request, routeContext({ id: p.id }))
  }

  it('stop at the cap while reading a chunked JSON body: 413', async () => {
    const { stream, state } = chunked(200 * 1024 * 1024)
    const res = await putStream('application/json', stream)
    expect(res.status).toBe(413)
    expect((await res.json()).message).toBe('The request body is too large')
    // 100 KB cap: a couple of 64 KB chunks, not 200 MB.
    expect(state.pulled).toBeLessThanOrEqual(4 * 64 * 1024)
  })

  it('stop at the cap while reading a chunked multipart body: 413', async () => {
    const { stream, state } = chunked(200 * 1024 * 1024, 1024 * 1024)
    const res = await putStream('multipart/form-data; boundary=x', stream)
    expect(res.status).toBe(413)
    // The product form's cap (8 images of 5 MB and the fields) and what the stream queued
    // ahead, not 200 MB.
    expect(state.pulled).toBeLessThanOrEqual(45 * 1024 * 1024)
  })

  it('refuse a Content-Length past the cap before reading, and bytes that are not UTF-8', async () => {
    const p = await createProduct()
    const cookie = await asAdmin()
    const big = await updateProduct(
      apiRequest(`/api/v1/admin/product/${p.id}`, {
        method: 'PUT',
        cookie,
        headers: { 'content-type': 'application/json', 'content-length': String(10 ** 9) },
        body: '{}',
      }),
      routeContext({ id: p.id }),
    )
    expect(big.status).toBe(413)
    const bad = await updateProduct(
      apiRequest(`/api/v1/admin/product/${p.id}`, {
        method: 'PUT',
        cookie,
        headers: { 'content-type': 'application/json' },
        body: new Uint8Array([0x7b, 0xff, 0x7d]),
      }),
      routeContext({ id: p.id }),
    )
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toBe('The request body is not valid JSON')
  })
})

describe('the log of a failed request', () => {
  it('is one line whatever the request or the error text carries', async () => {
    const lines: string[] = []
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk))
      return true
    })
    const failing = withApi(async (request) => {
      throw new Error(`bad value ${new URL(request.url).searchParams.get('q')}`)
    })
    const forged = encodeURIComponent('x\n[api] request 0 failed\r\u2028\u0085\u001b[31m')
    const res = await failing(apiRequest(`/api/v1/products?q=${forged}`), {})
    spy.mockRestore()
    expect(res.status).toBe(500)
    expect(lines).toHaveLength(1)
    const line = lines[0]!
    expect(line.endsWith('\n')).toBe(true)
    // No raw line breaks, separators or terminal escapes: C0, DEL, C1, U+2028/2029.
    expect(line.slice(0, -1)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
    const entry = JSON.parse(line)
    expect(entry).toMatchObject({ level: 'error', method: 'GET', msg: 'api request failed' })
    expect(entry.error.message).toBe('bad value x\n[api] request 0 failed\r\u2028\u0085\u001b[31m')
    expect(res.headers.get('x-request-id')).toBe(entry.requestId)
  })

  it('carries the id the server gave the request (its log line and X-Request-Id)', async () => {
    const lines: string[] = []
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk))
      return true
    })
    const failing = withApi(async () => {
      throw new Error('boom')
    })
    const context = {
      startedAt: Date.now(),
      tags: new Set<string>(),
      requestId: 'from-server-0001',
    }
    const res = await requestContext.run(context, () => failing(apiRequest('/api/v1/products'), {}))
    spy.mockRestore()
    expect(res.status).toBe(500)
    expect(res.headers.get('x-request-id')).toBe('from-server-0001')
    expect((await res.json()).message).toContain('from-server-0001')
    expect(lines.map((line) => JSON.parse(line).requestId)).toEqual(['from-server-0001'])
  })
})
