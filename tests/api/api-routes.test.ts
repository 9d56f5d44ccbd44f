import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import * as unknownRoute from '@/app/api/v1/[[...path]]/route'
import * as getAllUserRoute from '@/app/api/v1/admin/getAllUser/route'
import * as getUserRoute from '@/app/api/v1/admin/getUser/[id]/route'
import * as adminMessageRoute from '@/app/api/v1/admin/message/[id]/route'
import * as adminMessagesRoute from '@/app/api/v1/admin/messages/route'
import * as adminOrderRoute from '@/app/api/v1/admin/order/[id]/route'
import * as adminOrdersRoute from '@/app/api/v1/admin/orders/route'
import * as adminProductRoute from '@/app/api/v1/admin/product/[id]/route'
import * as updateUserRoleRoute from '@/app/api/v1/admin/updateuserrole/[userId]/route'
import * as adminProductNewRoute from '@/app/api/v1/admin/product/new/route'
import * as adminProductsImportRoute from '@/app/api/v1/admin/products/import/route'
import * as adminProductsRoute from '@/app/api/v1/admin/products/route'
import * as updateStockRoute from '@/app/api/v1/product/updatestock/route'
import * as cartAddRoute from '@/app/api/v1/cart/add/route'
import * as cartRemoveRoute from '@/app/api/v1/cart/remove/[productId]/route'
import * as cartRoute from '@/app/api/v1/cart/route'
import * as meRoute from '@/app/api/v1/me/route'
import * as productRoute from '@/app/api/v1/product/[id]/route'
import * as productNotifyRoute from '@/app/api/v1/product/[id]/notify/route'
import * as productsRoute from '@/app/api/v1/products/route'
import * as reviewsRoute from '@/app/api/v1/reviews/route'
import * as reviewRoute from '@/app/api/v1/review/route'
import * as contactRoute from '@/app/api/v1/contactus/route'
import * as loginRoute from '@/app/api/v1/login/route'
import * as guestRoute from '@/app/api/v1/login/guest/route'
import * as logoutRoute from '@/app/api/v1/logout/route'
import * as meSessionRoute from '@/app/api/v1/me/sessions/[id]/route'
import * as meSessionsRoute from '@/app/api/v1/me/sessions/route'
import * as meUpdateRoute from '@/app/api/v1/me/update/route'
import * as openApiRoute from '@/app/api/v1/openapi.json/route'
import * as orderCancelRoute from '@/app/api/v1/order/[id]/cancel/route'
import * as orderRoute from '@/app/api/v1/order/[id]/route'
import * as orderNewRoute from '@/app/api/v1/order/new/route'
import * as myOrdersRoute from '@/app/api/v1/orders/me/route'
import * as forgotRoute from '@/app/api/v1/password/forgot/route'
import * as resetRoute from '@/app/api/v1/password/reset/[token]/route'
import * as passwordUpdateRoute from '@/app/api/v1/password/update/route'
import * as registerRoute from '@/app/api/v1/register/route'
import * as verifyRoute from '@/app/api/v1/verify/[token]/route'
import * as resendRoute from '@/app/api/v1/verify/resend/route'
import { withApi } from '@/lib/api/handler'
import { allowedMethods, API_ROUTES, type ApiPath } from '@/lib/api/routes'
import { getDb } from '@/lib/db/client'
import { productImages, reviews } from '@/lib/db/schema'
import { installTestDatabase } from '../support/db'
import { apiRequest } from '../support/requests'
import { createProduct, createUser } from '../factories'

// A client of the original API served from another origin (ALLOWED_ORIGINS), and what every
// /api/v1 path answers for each method.
const CLIENT = vi.hoisted(() => {
  const origin = 'http://client.example:4210'
  process.env.ALLOWED_ORIGINS = origin
  return origin
})

installTestDatabase()

// Each file's handlers take their own route's context; `call` passes the matching params.
type RouteModule = Record<string, (request: Request, ctx: never) => Promise<Response>>

const MODULES: Partial<Record<ApiPath, RouteModule>> = {
  '/products': productsRoute,
  '/product/[id]': productRoute,
  '/product/[id]/notify': productNotifyRoute,
  '/reviews': reviewsRoute,
  '/review': reviewRoute,
  '/contactus': contactRoute,
  '/me': meRoute,
  '/admin/product/[id]': adminProductRoute,
  '/admin/getAllUser': getAllUserRoute,
  '/admin/getUser/[id]': getUserRoute,
  '/admin/updateuserrole/[userId]': updateUserRoleRoute,
  '/admin/product/new': adminProductNewRoute,
  '/admin/products': adminProductsRoute,
  '/admin/products/import': adminProductsImportRoute,
  '/product/updatestock': updateStockRoute,
  '/admin/messages': adminMessagesRoute,
  '/admin/message/[id]': adminMessageRoute,
  '/admin/orders': adminOrdersRoute,
  '/admin/order/[id]': adminOrderRoute,
  '/register': registerRoute,
  '/verify/[token]': verifyRoute,
  '/verify/resend': resendRoute,
  '/login': loginRoute,
  '/login/guest': guestRoute,
  '/logout': logoutRoute,
  '/me/update': meUpdateRoute,
  '/me/sessions': meSessionsRoute,
  '/me/sessions/[id]': meSessionRoute,
  '/password/update': passwordUpdateRoute,
  '/password/forgot': forgotRoute,
  '/password/reset/[token]': resetRoute,
  '/cart': cartRoute,
  '/cart/add': cartAddRoute,
  '/cart/remove/[productId]': cartRemoveRoute,
  '/order/new': orderNewRoute,
  '/order/[id]': orderRoute,
  '/order/[id]/cancel': orderCancelRoute,
  '/orders/me': myOrdersRoute,
  '/openapi.json': openApiRoute,
}

let productId = ''

beforeAll(async () => {
  const author = await createUser({ name: 'Grace Hopper', avatarUrl: '/media/g.webp' })
  const p = await createProduct({ name: 'Cross Origin Lamp', numberOfReviews: 1, ratings: 4 })
  productId = p.id
  const db = await getDb()
  await db
    .insert(productImages)
    .values({ productId, url: '/media/lamp.webp', publicId: 'lamp.webp' })
  await db.insert(reviews).values({ productId, userId: author.id, rating: 4, comment: 'Bright.' })
})

function call(
  mod: RouteModule,
  method: string,
  url: string,
  params: Record<string, string | readonly string[]> = {},
  headers: Record<string, string> = {},
) {
  const request = apiRequest(url, { method, headers })
  return mod[method]!(request, { params: Promise.resolve(params) } as never)
}

const fromClient = { origin: CLIENT, 'sec-fetch-site': 'cross-site' }

describe('wrong methods on /api/v1', () => {
  it('answer a JSON 405 with Allow, listing the built methods of the path', async () => {
    for (const [mod, method, url, params, allow] of [
      [productsRoute, 'POST', '/api/v1/products', {}, 'GET, HEAD, OPTIONS'],
      [productsRoute, 'DELETE', '/api/v1/products', {}, 'GET, HEAD, OPTIONS'],
      [reviewsRoute, 'POST', '/api/v1/reviews?productId=x', {}, 'GET, HEAD, DELETE, OPTIONS'],
      [reviewRoute, 'GET', '/api/v1/review', {}, 'PUT, OPTIONS'],
      [contactRoute, 'PUT', '/api/v1/contactus', {}, 'POST, OPTIONS'],
      [productRoute, 'PATCH', '/api/v1/product/abc', { id: 'abc' }, 'GET, HEAD, OPTIONS'],
      [meRoute, 'PUT', '/api/v1/me', {}, 'GET, HEAD, OPTIONS'],
      [
        adminProductRoute,
        'GET',
        '/api/v1/admin/product/abc',
        { id: 'abc' },
        'PUT, DELETE, OPTIONS',
      ],
      [
        adminProductRoute,
        'POST',
        '/api/v1/admin/product/abc',
        { id: 'abc' },
        'PUT, DELETE, OPTIONS',
      ],
      [updateStockRoute, 'GET', '/api/v1/product/updatestock', {}, 'PUT, OPTIONS'],
      [adminProductNewRoute, 'PUT', '/api/v1/admin/product/new', {}, 'POST, OPTIONS'],
      [adminProductsRoute, 'POST', '/api/v1/admin/products', {}, 'GET, HEAD, OPTIONS'],
    ] as const) {
      const res = await call(mod, method, url, params)
      expect(res.status, `${method} ${url}`).toBe(405)
      expect(res.headers.get('allow')).toBe(allow)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await res.json()).toEqual({
        success: false,
        message: `${method} is not allowed here; use ${allow}`,
      })
    }
  })

  it('answers static paths beside a dynamic one from their own row, never as an id', async () => {
    // Next routes them to their own folders; should the dynamic route ever receive one, it
    // answers as the static path would for a method it lacks.
    for (const [mod, method, url, params, allow] of [
      [productRoute, 'GET', '/api/v1/product/updatestock', { id: 'updatestock' }, 'PUT, OPTIONS'],
      [adminProductRoute, 'PUT', '/api/v1/admin/product/new', { id: 'new' }, 'POST, OPTIONS'],
    ] as const) {
      const res = await call(mod, method, url, params)
      expect(res.status, `${method} ${url}`).toBe(405)
      expect(res.headers.get('allow')).toBe(allow)
    }
  })

  it('answers unknown paths, and the bare /api/v1, with the JSON 404 for any method', async () => {
    for (const [method, url, segments] of [
      ['GET', '/api/v1', []],
      ['GET', '/api/v1/nothing/here', ['nothing', 'here']],
      ['GET', '/api/v1/admin/order', ['admin', 'order']],
      ['DELETE', '/api/v1/admin/messages/m1', ['admin', 'messages', 'm1']],
    ] as const) {
      const res = await call(unknownRoute, method, url, { path: [...segments] })
      expect(res.status, `${method} ${url}`).toBe(404)
      expect(await res.json()).toEqual({ success: false, message: 'No such API endpoint' })
    }
  })
})

describe('CORS for an allowed extra origin', () => {
  it('answers the preflight of every path with 204 and the CORS headers', async () => {
    for (const [mod, url, allow] of [
      [productsRoute, '/api/v1/products', 'GET, HEAD, OPTIONS'],
      [adminProductRoute, '/api/v1/admin/product/abc', 'PUT, DELETE, OPTIONS'],
      [unknownRoute, '/api/v1/admin/order', 'OPTIONS'],
      [unknownRoute, '/api/v1', 'OPTIONS'],
    ] as const) {
      const res = await call(
        mod,
        'OPTIONS',
        url,
        {},
        {
          ...fromClient,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type,idempotency-key,x-xsrf-token',
        },
      )
      expect(res.status, url).toBe(204)
      expect(res.headers.get('allow')).toBe(allow)
      expect(res.headers.get('access-control-allow-origin')).toBe(CLIENT)
      expect(res.headers.get('access-control-allow-credentials')).toBe('true')
      const methods = res.headers.get('access-control-allow-methods')?.split(/,\s*/) ?? []
      expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']))
      const headers = res.headers.get('access-control-allow-headers')?.toLowerCase() ?? ''
      expect(headers.split(/,\s*/)).toEqual(
        expect.arrayContaining(['content-type', 'idempotency-key', 'x-xsrf-token']),
      )
      expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0)
      expect(res.headers.get('vary')).toMatch(/origin/i)
    }
  })

  it('gives any other origin no CORS header at all', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000']) {
      const preflight = await call(productsRoute, 'OPTIONS', '/api/v1/products', {}, { origin })
      expect(preflight.status).toBe(204)
      const read = await call(productsRoute, 'GET', '/api/v1/products', {}, { origin })
      for (const res of [preflight, read]) {
        expect([...res.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([])
      }
    }
  })

  it('puts the CORS headers on answers and errors alike (200, 400, 401, 404, 405)', async () => {
    const cases = [
      [200, productsRoute, 'GET', '/api/v1/products', {}],
      [400, productsRoute, 'GET', '/api/v1/products?page=0', {}],
      [401, adminProductRoute, 'PUT', `/api/v1/admin/product/${productId}`, { id: productId }],
      [401, meRoute, 'GET', '/api/v1/me', {}],
      [404, productRoute, 'GET', '/api/v1/product/missing', { id: 'missing' }],
      [404, unknownRoute, 'GET', '/api/v1/admin/order', { path: ['admin', 'order'] }],
      [405, productsRoute, 'DELETE', '/api/v1/products', {}],
    ] as const
    for (const [status, mod, method, url, params] of cases) {
      const res = await call(mod, method, url, params, fromClient)
      expect(res.status, `${method} ${url}`).toBe(status)
      expect(res.headers.get('access-control-allow-origin')).toBe(CLIENT)
      expect(res.headers.get('access-control-allow-credentials')).toBe('true')
      expect(res.headers.get('vary')).toMatch(/origin/i)
      if (status !== 200) expect((await res.json()).message).toEqual(expect.any(String))
    }
  })

  it('puts them on the 500 of an unexpected fault too, with its request id readable', async () => {
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const failing = withApi(async () => {
      throw new Error('boom')
    })
    const res = await failing(apiRequest('/api/v1/products', { headers: fromClient }), {})
    spy.mockRestore()
    expect(res.status).toBe(500)
    expect(res.headers.get('access-control-allow-origin')).toBe(CLIENT)
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Request-Id/i)
    expect((await res.json()).message).toContain(res.headers.get('x-request-id'))
  })
})

describe('image and avatar URLs in API answers', () => {
  it('are absolute, from APP_URL', async () => {
    vi.stubEnv('APP_URL', 'https://shop.example')
    try {
      const list = await (await call(productsRoute, 'GET', '/api/v1/products?keyword=Cross')).json()
      expect(list.products[0].images).toEqual([
        { url: 'https://shop.example/media/lamp.webp', public_id: 'lamp.webp' },
      ])
      const one = await (
        await call(productRoute, 'GET', `/api/v1/product/${productId}`, { id: productId })
      ).json()
      expect(one.product.images[0].url).toBe('https://shop.example/media/lamp.webp')
      expect(one.product.reviews[0].avatar).toBe('https://shop.example/media/g.webp')
      const revs = await (
        await call(reviewsRoute, 'GET', `/api/v1/reviews?productId=${productId}`)
      ).json()
      expect(revs.reviews[0].avatar).toBe('https://shop.example/media/g.webp')
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('are absolute on http://localhost:PORT without APP_URL', async () => {
    vi.stubEnv('APP_URL', '')
    vi.stubEnv('PORT', '4321')
    try {
      const one = await (
        await call(productRoute, 'GET', `/api/v1/product/${productId}`, { id: productId })
      ).json()
      expect(one.product.images[0].url).toBe('http://localhost:4321/media/lamp.webp')
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

describe('the route table', () => {
  it('matches the route files: each built row has its folder, and each folder its row', () => {
    const root = path.join(import.meta.dirname, '../../app/api/v1')
    const files = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('route.ts') && !f.startsWith('[[...path]]'))
      .map((f) => `/${path.dirname(f)}`)
      .sort()
    const built = (Object.keys(API_ROUTES) as ApiPath[])
      .filter((p) => API_ROUTES[p].methods.length > 0)
      .sort()
    expect(files).toEqual(built)
    expect(Object.keys(MODULES).sort()).toEqual(built)
  })

  it('gives each route file the Allow header of its row', async () => {
    for (const [p, mod] of Object.entries(MODULES) as [ApiPath, RouteModule][]) {
      const url = `/api/v1${p.replace(/\[\w+\]/, 'abc')}`
      const res = await call(mod, 'OPTIONS', url, { id: 'abc', token: 'abc' })
      expect(res.headers.get('allow'), p).toBe(allowedMethods(p).join(', '))
    }
  })
})
