import { beforeAll, describe, expect, it } from 'vitest'
import * as adminMessageRoute from '@/app/api/v1/admin/message/[id]/route'
import * as adminMessagesRoute from '@/app/api/v1/admin/messages/route'
import * as adminOrderRoute from '@/app/api/v1/admin/order/[id]/route'
import * as adminOrdersRoute from '@/app/api/v1/admin/orders/route'
import * as adminProductRoute from '@/app/api/v1/admin/product/[id]/route'
import * as adminProductNewRoute from '@/app/api/v1/admin/product/new/route'
import * as adminProductImportRoute from '@/app/api/v1/admin/products/import/route'
import * as adminProductsRoute from '@/app/api/v1/admin/products/route'
import * as getAllUserRoute from '@/app/api/v1/admin/getAllUser/route'
import * as getUserRoute from '@/app/api/v1/admin/getUser/[id]/route'
import * as updateUserRoleRoute from '@/app/api/v1/admin/updateuserrole/[userId]/route'
import * as cartAddRoute from '@/app/api/v1/cart/add/route'
import * as cartRemoveRoute from '@/app/api/v1/cart/remove/[productId]/route'
import * as cartRoute from '@/app/api/v1/cart/route'
import * as contactRoute from '@/app/api/v1/contactus/route'
import * as guestRoute from '@/app/api/v1/login/guest/route'
import * as loginRoute from '@/app/api/v1/login/route'
import * as logoutRoute from '@/app/api/v1/logout/route'
import * as meRoute from '@/app/api/v1/me/route'
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
import * as productNotifyRoute from '@/app/api/v1/product/[id]/notify/route'
import * as productRoute from '@/app/api/v1/product/[id]/route'
import * as updateStockRoute from '@/app/api/v1/product/updatestock/route'
import * as productsRoute from '@/app/api/v1/products/route'
import * as registerRoute from '@/app/api/v1/register/route'
import * as reviewRoute from '@/app/api/v1/review/route'
import * as reviewsRoute from '@/app/api/v1/reviews/route'
import * as verifyRoute from '@/app/api/v1/verify/[token]/route'
import * as resendRoute from '@/app/api/v1/verify/resend/route'
import { openApiDocument } from '@/lib/api/openapi/document'
import { API_ROUTES, type ApiPath } from '@/lib/api/routes'
import { hashPassword } from '@/lib/auth/password'
import { issueToken } from '@/lib/auth/tokens'
import { getDb } from '@/lib/db/client'
import { seedDemoAccounts } from '@/seed/seed-demo'
import { resetEnvForTests } from '@/lib/env'
import { avatarPng, form, GOOD_PASSWORD, imageFile, uniqueEmail } from '../support/accounts'
import { installTestDatabase } from '../support/db'
import { expectDocumented, seen } from '../support/openapi'
import { createOrder } from '../support/orders'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser, SHIPPING } from '../factories'

// Real answers of every /api/v1 endpoint, from its route handler on this file's database,
// checked against the OpenAPI document (GET /api/v1/openapi.json): each status must be one the
// operation lists, each body must match that status's schema, each promised header must be
// there. The last test checks that every operation of the route table was seen succeeding.

installTestDatabase()

// Answers are read loosely here: their shapes are what expectDocumented checks.
type Body = any // eslint-disable-line @typescript-eslint/no-explicit-any
type Handler = (request: Request, ctx: never) => Promise<Response>
type RouteModule = Record<string, Handler>

/** Calls `method path` on its module with the path's params, and checks the answer. */
async function call(
  module: RouteModule,
  method: string,
  path: ApiPath,
  options: {
    params?: Record<string, string>
    query?: string
    cookie?: string
    json?: unknown
    body?: FormData
    headers?: Record<string, string>
  } = {},
): Promise<{ status: number; body: Body; res: Response }> {
  let url = `/api/v1${path}`
  for (const [k, v] of Object.entries(options.params ?? {})) url = url.replace(`[${k}]`, v)
  if (options.query) url += `?${options.query}`
  const request = apiRequest(url, {
    method,
    cookie: options.cookie,
    json: options.json,
    body: options.body,
    headers: options.headers,
  })
  const res = await module[method]!(request, routeContext(options.params ?? {}) as never)
  const body = (await expectDocumented(res.clone(), method, path)) as Body
  return { status: res.status, body, res }
}

type User = Awaited<ReturnType<typeof createUser>>
let admin: User
let shopper: User
let other: User
let adminCookie = ''
let shopperCookie = ''
let otherCookie = ''
let product: Awaited<ReturnType<typeof createProduct>>
let scarce: Awaited<ReturnType<typeof createProduct>>
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  const passwordHash = await hashPassword(GOOD_PASSWORD)
  admin = await createUser({ role: 'admin', passwordHash })
  shopper = await createUser({ passwordHash })
  other = await createUser({ passwordHash })
  adminCookie = await sessionCookieFor(admin)
  shopperCookie = await sessionCookieFor(shopper)
  otherCookie = await sessionCookieFor(other)
  product = await createProduct({ stock: 50 })
  scarce = await createProduct({ stock: 1 })
})

describe('catalog', () => {
  it('GET /products: a page with facets, and a bad parameter', async () => {
    const page = await call(productsRoute, 'GET', '/products', { query: 'facets=1&limit=3' })
    expect(page.status).toBe(200)
    expect(page.body.products.length).toBeGreaterThan(0)
    expect((await call(productsRoute, 'GET', '/products', { query: 'page=0' })).status).toBe(400)
  })

  it('GET /product/{id}, GET /reviews, PUT /review, DELETE /reviews', async () => {
    const id = product.id
    const review = { productId: id, rating: 4, comment: 'Does what it says.' }
    expect((await call(reviewRoute, 'PUT', '/review', { json: review })).status).toBe(401)
    const saved = await call(reviewRoute, 'PUT', '/review', { json: review, cookie: shopperCookie })
    expect(saved.status).toBe(200)
    const bad = await call(reviewRoute, 'PUT', '/review', {
      json: { ...review, rating: 9 },
      cookie: shopperCookie,
    })
    expect(bad.status).toBe(400)

    const one = await call(productRoute, 'GET', '/product/[id]', { params: { id } })
    expect(one.body.product.reviews).toHaveLength(1)
    expect(
      (await call(productRoute, 'GET', '/product/[id]', { params: { id: NO_SUCH_ID } })).status,
    ).toBe(404)

    const reviews = await call(reviewsRoute, 'GET', '/reviews', { query: `productId=${id}` })
    expect(reviews.body.numberOfReviews).toBe(1)
    expect((await call(reviewsRoute, 'GET', '/reviews')).status).toBe(400)
    expect(
      (await call(reviewsRoute, 'GET', '/reviews', { query: `productId=${NO_SUCH_ID}` })).status,
    ).toBe(404)

    const reviewId = reviews.body.reviews[0]._id
    const query = `productId=${id}&id=${reviewId}`
    expect(
      (await call(reviewsRoute, 'DELETE', '/reviews', { query, cookie: otherCookie })).status,
    ).toBe(403)
    expect(
      (await call(reviewsRoute, 'DELETE', '/reviews', { query, cookie: shopperCookie })).status,
    ).toBe(200)
    expect(
      (await call(reviewsRoute, 'DELETE', '/reviews', { query, cookie: shopperCookie })).status,
    ).toBe(404)
  })

  it("'Notify me': POST and DELETE /product/{id}/notify, and GET /product/{id} signed in", async () => {
    const soldOut = await createProduct({ stock: 0 })
    const params = { id: soldOut.id }
    const notify = (method: string, cookie?: string) =>
      call(productNotifyRoute, method, '/product/[id]/notify', { params, cookie })
    expect((await notify('POST')).status).toBe(401)
    expect((await notify('POST', shopperCookie)).body.notifyMe).toBe(true)
    const signedIn = await call(productRoute, 'GET', '/product/[id]', {
      params,
      cookie: shopperCookie,
    })
    expect(signedIn.body.notifyMe).toBe(true)
    expect((await notify('DELETE', shopperCookie)).body.notifyMe).toBe(false)
    const inStock = { params: { id: product.id }, cookie: shopperCookie }
    expect((await call(productNotifyRoute, 'POST', '/product/[id]/notify', inStock)).status).toBe(
      409,
    )
    expect(
      (
        await call(productNotifyRoute, 'DELETE', '/product/[id]/notify', {
          params: { id: NO_SUCH_ID },
          cookie: shopperCookie,
        })
      ).status,
    ).toBe(404)
  })

  it('PUT /product/updatestock: an admin only', async () => {
    const json = { productId: product.id, quantityShipped: 1 }
    expect(
      (await call(updateStockRoute, 'PUT', '/product/updatestock', { json, cookie: adminCookie }))
        .status,
    ).toBe(200)
    expect(
      (await call(updateStockRoute, 'PUT', '/product/updatestock', { json, cookie: shopperCookie }))
        .status,
    ).toBe(403)
  })
})

describe('cart and orders', () => {
  it('the cart: read, add, remove, clear, with its ETag', async () => {
    const cookie = otherCookie
    expect((await call(cartRoute, 'GET', '/cart')).status).toBe(401)
    const add = { productId: product.id, quantity: 2 }
    expect((await call(cartAddRoute, 'POST', '/cart/add', { json: add, cookie })).status).toBe(200)
    const scarceAdd = { productId: scarce.id, quantity: 2 }
    expect(
      (await call(cartAddRoute, 'POST', '/cart/add', { json: scarceAdd, cookie })).status,
    ).toBe(409)
    const missing = { productId: NO_SUCH_ID, quantity: 1 }
    expect((await call(cartAddRoute, 'POST', '/cart/add', { json: missing, cookie })).status).toBe(
      404,
    )
    const cart = await call(cartRoute, 'GET', '/cart', { cookie })
    expect(cart.body.cart).toHaveLength(1)
    const remove = { params: { productId: product.id }, cookie }
    expect((await call(cartRemoveRoute, 'DELETE', '/cart/remove/[productId]', remove)).status).toBe(
      200,
    )
    expect((await call(cartRemoveRoute, 'DELETE', '/cart/remove/[productId]', remove)).status).toBe(
      404,
    )
    expect((await call(cartRoute, 'DELETE', '/cart', { cookie })).status).toBe(200)
  })

  it('POST /order/new: placed, replayed, refused; then read by its owner and the admin', async () => {
    const cookie = shopperCookie
    await call(cartAddRoute, 'POST', '/cart/add', {
      json: { productId: product.id, quantity: 1 },
      cookie,
    })
    const order = {
      shippingInfo: SHIPPING,
      orderItems: [{ productId: product.id, quantity: 1 }],
      itemsPrice: 25,
      shippingPrice: 5,
      totalPrice: 30,
    }
    const key = { 'Idempotency-Key': `openapi-${Date.now()}` }
    expect(
      (
        await call(orderNewRoute, 'POST', '/order/new', {
          json: order,
          cookie,
          headers: { 'If-Match': '"999"' },
        })
      ).status,
    ).toBe(412)
    const placed = await call(orderNewRoute, 'POST', '/order/new', {
      json: order,
      cookie,
      headers: key,
    })
    expect(placed.status).toBe(201)
    const replay = await call(orderNewRoute, 'POST', '/order/new', {
      json: order,
      cookie,
      headers: key,
    })
    expect(replay.status).toBe(200)
    const other = {
      ...order,
      orderItems: [{ productId: product.id, quantity: 2 }],
      itemsPrice: 50,
      totalPrice: 55,
    }
    expect(
      (await call(orderNewRoute, 'POST', '/order/new', { json: other, cookie, headers: key }))
        .status,
    ).toBe(422)
    const wrongTotals = { ...order, itemsPrice: 1, totalPrice: 6 }
    const changed = await call(orderNewRoute, 'POST', '/order/new', { json: wrongTotals, cookie })
    expect(changed.status).toBe(409)
    expect(changed.body.errors).toHaveProperty('itemsPrice')
    expect((await call(orderNewRoute, 'POST', '/order/new', { json: {}, cookie })).status).toBe(400)

    const id = placed.body.order._id
    expect((await call(orderRoute, 'GET', '/order/[id]', { params: { id }, cookie })).status).toBe(
      200,
    )
    expect(
      (await call(orderRoute, 'GET', '/order/[id]', { params: { id }, cookie: adminCookie }))
        .status,
    ).toBe(200)
    expect(
      (await call(orderRoute, 'GET', '/order/[id]', { params: { id }, cookie: otherCookie }))
        .status,
    ).toBe(404)
    const mine = await call(myOrdersRoute, 'GET', '/orders/me', { cookie })
    expect(mine.body.orders.map((o: { _id: string }) => o._id)).toContain(id)

    const cancel = (cookie: string) =>
      call(orderCancelRoute, 'PUT', '/order/[id]/cancel', { params: { id }, cookie })
    expect((await cancel(otherCookie)).status).toBe(404)
    const cancelled = await cancel(cookie)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.order.cancellation).toMatchObject({
      cancelledBy: 'shopper',
      reason: null,
    })
    expect((await cancel(cookie)).status).toBe(409)
  })

  it('the admin orders: list, page, CSV, status steps, delete', async () => {
    const lines = [{ productId: product.id, priceCents: 2500, quantity: 1 }]
    const processing = await createOrder({ userId: shopper.id, lines })
    const delivered = await createOrder({ userId: null, lines, status: 'Delivered' })
    const cookie = adminCookie
    expect((await call(adminOrdersRoute, 'GET', '/admin/orders', { cookie })).status).toBe(200)
    const page = await call(adminOrdersRoute, 'GET', '/admin/orders', {
      cookie,
      query: 'page=1&limit=1',
    })
    expect(page.body.total).toBeGreaterThanOrEqual(2)
    expect(
      (await call(adminOrdersRoute, 'GET', '/admin/orders', { cookie, query: 'format=csv' }))
        .status,
    ).toBe(200)
    expect(
      (await call(adminOrdersRoute, 'GET', '/admin/orders', { cookie, query: 'format=xml' }))
        .status,
    ).toBe(400)
    expect(
      (await call(adminOrdersRoute, 'GET', '/admin/orders', { cookie: shopperCookie })).status,
    ).toBe(403)

    const step = { params: { id: processing.id }, cookie, json: { selectedOrderStatus: 'Shipped' } }
    expect((await call(adminOrderRoute, 'PUT', '/admin/order/[id]', step)).status).toBe(200)
    expect((await call(adminOrderRoute, 'PUT', '/admin/order/[id]', step)).status).toBe(409)
    const fresh = await createOrder({ userId: shopper.id, lines })
    expect(
      (
        await call(adminOrderRoute, 'DELETE', '/admin/order/[id]', {
          params: { id: fresh.id },
          cookie,
        })
      ).status,
    ).toBe(400)
    const cancel = (id: string, reason?: string) =>
      call(adminOrderRoute, 'PUT', '/admin/order/[id]', {
        params: { id },
        cookie,
        json: { selectedOrderStatus: 'Cancelled', ...(reason === undefined ? {} : { reason }) },
      })
    expect((await cancel(fresh.id)).status).toBe(400)
    expect((await cancel(fresh.id, 'Out of stock at the warehouse')).status).toBe(200)
    expect((await cancel(delivered.id, 'Too late')).status).toBe(409)
    const gone = { params: { id: delivered.id }, cookie }
    expect((await call(adminOrderRoute, 'DELETE', '/admin/order/[id]', gone)).status).toBe(200)
    expect((await call(adminOrderRoute, 'DELETE', '/admin/order/[id]', gone)).status).toBe(404)
  })
})

describe('contact messages', () => {
  it('sent, listed, deleted; the sixth in ten minutes is 429 with Retry-After', async () => {
    const cookie = otherCookie
    const message = { message: 'A question about delivery times.' }
    const sent = await call(contactRoute, 'POST', '/contactus', { json: message, cookie })
    expect(sent.status).toBe(201)
    expect(
      (await call(contactRoute, 'POST', '/contactus', { json: { message: 'short' }, cookie }))
        .status,
    ).toBe(400)
    for (let i = 0; i < 4; i++)
      await call(contactRoute, 'POST', '/contactus', { json: message, cookie })
    const limited = await call(contactRoute, 'POST', '/contactus', { json: message, cookie })
    expect(limited.status).toBe(429)

    expect(
      (await call(adminMessagesRoute, 'GET', '/admin/messages', { cookie: adminCookie })).status,
    ).toBe(200)
    const page = await call(adminMessagesRoute, 'GET', '/admin/messages', {
      cookie: adminCookie,
      query: 'limit=2',
    })
    expect(page.body.limit).toBe(2)
    const gone = { params: { id: sent.body.data._id }, cookie: adminCookie }
    expect((await call(adminMessageRoute, 'DELETE', '/admin/message/[id]', gone)).status).toBe(200)
    expect((await call(adminMessageRoute, 'DELETE', '/admin/message/[id]', gone)).status).toBe(404)
  })
})

describe('accounts', () => {
  it('register, resend, verify, login, guest, logout', async () => {
    const email = uniqueEmail('openapi')
    const fields = { name: 'Open Api', email, password: GOOD_PASSWORD }
    const body = form({ ...fields, image: imageFile(await avatarPng()) })
    expect((await call(registerRoute, 'POST', '/register', { body })).status).toBe(201)
    expect((await call(registerRoute, 'POST', '/register', { body: form(fields) })).status).toBe(
      400,
    )
    expect((await call(resendRoute, 'POST', '/verify/resend', { json: { email } })).status).toBe(
      200,
    )

    const user = await createUser({ verified: false })
    const token = await issueToken(await getDb(), user.id, 'verify')
    expect((await call(verifyRoute, 'GET', '/verify/[token]', { params: { token } })).status).toBe(
      200,
    )
    expect((await call(verifyRoute, 'GET', '/verify/[token]', { params: { token } })).status).toBe(
      400,
    )

    const login = { email: shopper.email, password: GOOD_PASSWORD }
    expect((await call(loginRoute, 'POST', '/login', { json: login })).status).toBe(200)
    expect(
      (await call(loginRoute, 'POST', '/login', { json: { ...login, password: 'wrong-password' } }))
        .status,
    ).toBe(401)
    expect((await call(guestRoute, 'POST', '/login/guest')).status).toBe(404)
    process.env.DEMO_MODE = 'true'
    resetEnvForTests()
    try {
      await seedDemoAccounts(await getDb())
      expect((await call(guestRoute, 'POST', '/login/guest')).status).toBe(200)
    } finally {
      delete process.env.DEMO_MODE
      resetEnvForTests()
    }
    expect((await call(logoutRoute, 'GET', '/logout')).status).toBe(200)
    expect((await call(logoutRoute, 'POST', '/logout')).status).toBe(200)
  })

  it('me, its update, its sessions', async () => {
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    expect((await call(meRoute, 'GET', '/me', { cookie })).status).toBe(200)
    expect((await call(meRoute, 'GET', '/me')).status).toBe(401)
    const update = { name: 'New Name', email: user.email }
    expect((await call(meUpdateRoute, 'PUT', '/me/update', { json: update, cookie })).status).toBe(
      200,
    )
    const taken = { name: 'New Name', email: shopper.email }
    expect((await call(meUpdateRoute, 'PUT', '/me/update', { json: taken, cookie })).status).toBe(
      409,
    )

    const second = await sessionCookieFor(user, 'second device')
    const list = await call(meSessionsRoute, 'GET', '/me/sessions', { cookie })
    const away = list.body.sessions.find((s: { current: boolean }) => !s.current)
    const end = { params: { id: away._id }, cookie }
    expect((await call(meSessionRoute, 'DELETE', '/me/sessions/[id]', end)).status).toBe(200)
    expect((await call(meSessionRoute, 'DELETE', '/me/sessions/[id]', end)).status).toBe(404)
    expect(second).not.toBe(cookie)
    expect((await call(meSessionsRoute, 'DELETE', '/me/sessions', { cookie })).status).toBe(200)
  })

  it('password: update, forgot, reset', async () => {
    const user = await createUser({ passwordHash: await hashPassword(GOOD_PASSWORD) })
    const cookie = await sessionCookieFor(user)
    const change = {
      oldPassword: GOOD_PASSWORD,
      newPassword: 'amber-lantern-93',
      confirmPassword: 'amber-lantern-93',
    }
    expect(
      (
        await call(passwordUpdateRoute, 'PUT', '/password/update', {
          json: { ...change, oldPassword: 'not-the-password' },
          cookie,
        })
      ).status,
    ).toBe(400)
    expect(
      (await call(passwordUpdateRoute, 'PUT', '/password/update', { json: change, cookie })).status,
    ).toBe(200)
    expect(
      (await call(forgotRoute, 'POST', '/password/forgot', { json: { email: user.email } })).status,
    ).toBe(200)
    const token = await issueToken(await getDb(), user.id, 'reset')
    const reset = {
      params: { token },
      json: { password: 'copper-meadow-27', confirmPassword: 'copper-meadow-27' },
    }
    expect((await call(resetRoute, 'PUT', '/password/reset/[token]', reset)).status).toBe(200)
    expect((await call(resetRoute, 'PUT', '/password/reset/[token]', reset)).status).toBe(400)
  })
})

describe('admin: users and products', () => {
  it('the user list, one user, a role change', async () => {
    const cookie = adminCookie
    expect((await call(getAllUserRoute, 'GET', '/admin/getAllUser', { cookie })).status).toBe(200)
    const page = await call(getAllUserRoute, 'GET', '/admin/getAllUser', {
      cookie,
      query: 'sort=email',
    })
    expect(page.body.page).toBe(1)
    expect(
      (await call(getAllUserRoute, 'GET', '/admin/getAllUser', { cookie: shopperCookie })).status,
    ).toBe(403)
    expect(
      (await call(getUserRoute, 'GET', '/admin/getUser/[id]', { params: { id: other.id }, cookie }))
        .status,
    ).toBe(200)
    expect(
      (
        await call(getUserRoute, 'GET', '/admin/getUser/[id]', {
          params: { id: NO_SUCH_ID },
          cookie,
        })
      ).status,
    ).toBe(404)
    const target = await createUser()
    const role = { params: { userId: target.id }, cookie }
    expect(
      (
        await call(updateUserRoleRoute, 'PUT', '/admin/updateuserrole/[userId]', {
          ...role,
          json: { role: 'admin' },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await call(updateUserRoleRoute, 'PUT', '/admin/updateuserrole/[userId]', {
          ...role,
          json: { role: 'Admin' },
        })
      ).status,
    ).toBe(400)
  })

  it('the product list, CSV, create, update, delete', async () => {
    const cookie = adminCookie
    expect((await call(adminProductsRoute, 'GET', '/admin/products', { cookie })).status).toBe(200)
    expect(
      (
        await call(adminProductsRoute, 'GET', '/admin/products', {
          cookie,
          query: 'q=Test&limit=5',
        })
      ).status,
    ).toBe(200)
    expect(
      (await call(adminProductsRoute, 'GET', '/admin/products', { cookie, query: 'format=csv' }))
        .status,
    ).toBe(200)
    const fields = {
      name: 'OpenAPI Lamp',
      description: 'Lights the reference.',
      price: '19.5',
      stock: '3',
      category: 'Households',
      itemCondition: 'New',
    }
    const created = await call(adminProductNewRoute, 'POST', '/admin/product/new', {
      cookie,
      body: form({ ...fields, images: imageFile(await avatarPng(), 'lamp.png') }),
    })
    expect(created.status).toBe(201)
    expect(
      (
        await call(adminProductNewRoute, 'POST', '/admin/product/new', {
          cookie,
          body: form(fields),
        })
      ).status,
    ).toBe(400)
    const id = created.body.product._id
    const change = { ...fields, price: 21, stock: 4 }
    expect(
      (
        await call(adminProductRoute, 'PUT', '/admin/product/[id]', {
          params: { id },
          cookie,
          json: change,
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await call(adminProductRoute, 'PUT', '/admin/product/[id]', {
          params: { id: NO_SUCH_ID },
          cookie,
          json: change,
        })
      ).status,
    ).toBe(404)
    expect(
      (await call(adminProductRoute, 'DELETE', '/admin/product/[id]', { params: { id }, cookie }))
        .status,
    ).toBe(200)
    expect(
      (await call(adminProductRoute, 'DELETE', '/admin/product/[id]', { params: { id }, cookie }))
        .status,
    ).toBe(404)
  })
})

describe('admin: product import', () => {
  it('POST /admin/products/import: a dry run, an import, a refused row', async () => {
    const header = 'id,name,description,category,price,stock,itemCondition,images'
    const file = (rows: string[]) => {
      const body = new FormData()
      body.set('file', new File([[header, ...rows].join('\n')], 'p.csv', { type: 'text/csv' }))
      return body
    }
    const send = (rows: string[], dryRun: string) => {
      const body = file(rows)
      body.set('dryRun', dryRun)
      return call(adminProductImportRoute, 'POST', '/admin/products/import', {
        body,
        cookie: adminCookie,
      })
    }
    const good = [',Imported Lamp,A warm light.,Households,19.99,4,New,']
    const dry = await send(good, 'true')
    expect(dry.body).toMatchObject({ success: true, dryRun: true, created: 1 })
    expect((await send(good, 'false')).body).toMatchObject({ success: true, created: 1 })
    const bad = [...good, ',Broken Lamp,No price.,Households,free,4,New,']
    const refused = await send(bad, 'false')
    expect(refused.status).toBe(422)
    expect(refused.body.refused[0].line).toBe(3)
    expect((await send(good, 'maybe')).status).toBe(400)
  })
})

describe('the document itself', () => {
  it('GET /openapi.json answers the document, cacheable', async () => {
    const { body, res } = await call(openApiRoute, 'GET', '/openapi.json')
    expect(body).toEqual(JSON.parse(JSON.stringify(openApiDocument())))
    expect(res.headers.get('cache-control')).toMatch(/^public/)
  })

  it('a write from another site gets the documented 403', async () => {
    const res = await contactRoute.POST(
      apiRequest('/api/v1/contactus', {
        method: 'POST',
        cookie: shopperCookie,
        json: { message: 'From somewhere else entirely.' },
        headers: { origin: 'https://evil.example' },
      }),
      routeContext({}) as never,
    )
    expect(res.status).toBe(403)
    await expectDocumented(res, 'POST', '/contactus')
  })

  it('every operation of the route table was seen succeeding above', () => {
    for (const path of Object.keys(API_ROUTES) as ApiPath[]) {
      for (const method of API_ROUTES[path].methods) {
        const statuses = [...(seen.get(`${method} ${path}`) ?? [])]
        expect(
          statuses.some((s) => s < 300),
          `${method} ${path}: ${statuses}`,
        ).toBe(true)
      }
    }
  })
})
