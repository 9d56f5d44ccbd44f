import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { GET as getProduct } from '@/app/api/v1/product/[id]/route'
import { PUT } from '@/app/api/v1/review/route'
import { DELETE, GET as getReviews } from '@/app/api/v1/reviews/route'
import { getDb } from '@/lib/db/client'
import { products, reviews } from '@/lib/db/schema'
import { installTestDatabase } from '../support/db'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { form } from '../support/accounts'
import { createProduct, createUser } from '../factories'

installTestDatabase()

type Init = Parameters<typeof apiRequest>[1]
type User = Awaited<ReturnType<typeof createUser>>

const cookieOf = (user: User) => sessionCookieFor(user)

function putReview(json: unknown, init: Init = {}) {
  return PUT(apiRequest('/api/v1/review', { method: 'PUT', json, ...init }), routeContext({}))
}

async function review(user: User, productId: string, rating: number, comment = 'Works well.') {
  const res = await putReview({ productId, rating, comment }, { cookie: await cookieOf(user) })
  expect(res.status, await res.clone().text()).toBe(200)
  expect(await res.json()).toEqual({ success: true })
}

function deleteReview(productId: string, id: string, init: Init = {}) {
  const query = new URLSearchParams({ productId, id })
  return DELETE(
    apiRequest(`/api/v1/reviews?${query}`, { method: 'DELETE', ...init }),
    routeContext({}),
  )
}

/** What a client sees: GET /reviews and GET /product/{id}. */
async function seen(productId: string) {
  const list = await getReviews(apiRequest(`/api/v1/reviews?productId=${productId}`), {})
  expect(list.status).toBe(200)
  const detail = await getProduct(
    apiRequest(`/api/v1/product/${productId}`),
    routeContext({ id: productId }),
  )
  expect(detail.status).toBe(200)
  const { product } = await detail.json()
  const body = await list.json()
  return {
    ratings: product.ratings as number,
    numberOfReviews: product.numberOfReviews as number,
    reviews: body.reviews as {
      _id: string
      user: string
      name: string
      rating: number
      comment: string
    }[],
    listed: body.numberOfReviews as number,
  }
}

async function rowsOf(productId: string) {
  const db = await getDb()
  return db.select().from(reviews).where(eq(reviews.productId, productId))
}

async function summaryRow(productId: string) {
  const db = await getDb()
  const [row] = await db
    .select({ ratings: products.ratings, numberOfReviews: products.numberOfReviews })
    .from(products)
    .where(eq(products.id, productId))
  return row!
}

describe('PUT /api/v1/review', () => {
  it('adds the caller’s review and recomputes the product’s summary', async () => {
    const p = await createProduct()
    const ada = await createUser({ name: 'Ada Lovelace' })
    await review(ada, p.id, 4, 'Solid lamp.')
    // The page changed, so the sitemap's lastmod (updated_at) moves on.
    const db = await getDb()
    const [after] = await db.select().from(products).where(eq(products.id, p.id))
    expect(after!.updatedAt.getTime()).toBeGreaterThan(p.updatedAt.getTime())
    const view = await seen(p.id)
    expect(view).toMatchObject({ ratings: 4, numberOfReviews: 1, listed: 1 })
    expect(view.reviews).toEqual([
      expect.objectContaining({
        user: ada.id,
        name: 'Ada Lovelace',
        rating: 4,
        comment: 'Solid lamp.',
      }),
    ])
  })

  it('keeps one review per user and product: a second PUT replaces the first', async () => {
    const p = await createProduct()
    const ada = await createUser()
    await review(ada, p.id, 1, 'Broke at once.')
    const [first] = await rowsOf(p.id)
    await review(ada, p.id, 5, 'It was the fuse; works fine now.')
    const rows = await rowsOf(p.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: first!.id,
      rating: 5,
      comment: 'It was the fuse; works fine now.',
    })
    expect(await seen(p.id)).toMatchObject({ ratings: 5, numberOfReviews: 1 })
  })

  it('averages to one decimal over add, update and delete', async () => {
    const p = await createProduct()
    const [a, b, c] = [await createUser(), await createUser(), await createUser()]
    await review(a, p.id, 5)
    await review(b, p.id, 4)
    expect(await seen(p.id)).toMatchObject({ ratings: 4.5, numberOfReviews: 2 })
    await review(c, p.id, 4)
    // 13 / 3 = 4.333…
    expect(await seen(p.id)).toMatchObject({ ratings: 4.3, numberOfReviews: 3 })
    await review(c, p.id, 0)
    // 9 / 3 = 3
    expect(await seen(p.id)).toMatchObject({ ratings: 3, numberOfReviews: 3 })
    const rows = await rowsOf(p.id)
    const admin = await createUser({ role: 'admin' })
    for (const author of [b, c]) {
      const id = rows.find((r) => r.userId === author.id)!.id
      const res = await deleteReview(p.id, id, { cookie: await cookieOf(admin) })
      expect(res.status).toBe(200)
    }
    expect(await seen(p.id)).toMatchObject({ ratings: 5, numberOfReviews: 1, listed: 1 })
    const last = rows.find((r) => r.userId === a.id)!.id
    expect((await deleteReview(p.id, last, { cookie: await cookieOf(a) })).status).toBe(200)
    expect(await seen(p.id)).toMatchObject({ ratings: 0, numberOfReviews: 0, listed: 0 })
  })

  it('takes ratings 0 to 5 as whole numbers only, storing nothing otherwise', async () => {
    const p = await createProduct()
    const user = await createUser()
    const cookie = await cookieOf(user)
    for (const rating of ['4', 4.5, 6, -1, null, true, '', [4]]) {
      const res = await putReview({ productId: p.id, rating, comment: 'Fine.' }, { cookie })
      expect(res.status, JSON.stringify(rating)).toBe(400)
      const body = await res.json()
      expect(body).toMatchObject({
        success: false,
        message: 'Rating must be a whole number from 0 to 5',
      })
    }
    const missing = await putReview({ productId: p.id, comment: 'Fine.' }, { cookie })
    expect(missing.status).toBe(400)
    expect(await rowsOf(p.id)).toHaveLength(0)
    expect(await summaryRow(p.id)).toEqual({ ratings: 0, numberOfReviews: 0 })
    await review(user, p.id, 0)
    expect(await seen(p.id)).toMatchObject({ ratings: 0, numberOfReviews: 1 })
    await review(user, p.id, 5)
    expect(await seen(p.id)).toMatchObject({ ratings: 5, numberOfReviews: 1 })
  })

  it('takes a form too: its rating is text, read from its digits', async () => {
    const p = await createProduct()
    const user = await createUser()
    const cookie = await cookieOf(user)
    const send = (rating: string, type: 'multipart' | 'urlencoded') => {
      const fields = { productId: p.id, rating, comment: 'Sent from a form.' }
      const body = type === 'multipart' ? form(fields) : new URLSearchParams(fields)
      return PUT(apiRequest('/api/v1/review', { method: 'PUT', cookie, body }), routeContext({}))
    }
    for (const rating of ['4.5', '6', '-1', '', 'four', '0x4', '4e0']) {
      const res = await send(rating, 'multipart')
      expect(res.status, rating).toBe(400)
      expect((await res.json()).message).toBe('Rating must be a whole number from 0 to 5')
    }
    expect(await rowsOf(p.id)).toHaveLength(0)
    expect((await send('4', 'multipart')).status).toBe(200)
    expect(await seen(p.id)).toMatchObject({ ratings: 4, numberOfReviews: 1 })
    expect((await send(' 2 ', 'urlencoded')).status).toBe(200)
    expect(await seen(p.id)).toMatchObject({ ratings: 2, numberOfReviews: 1 })
  })

  it('takes a comment of 1 to 2,000 characters after trimming, and stores it trimmed', async () => {
    const p = await createProduct()
    const user = await createUser()
    const cookie = await cookieOf(user)
    for (const [comment, message] of [
      ['', 'Please write a comment'],
      ['   \n\t ', 'Please write a comment'],
      [undefined, 'Please write a comment'],
      [42, 'Please write a comment'],
      ['x'.repeat(2001), 'Comment must be 1 to 2,000 characters'],
    ] as const) {
      const res = await putReview({ productId: p.id, rating: 3, comment }, { cookie })
      expect(res.status, String(comment).slice(0, 20)).toBe(400)
      expect((await res.json()).message).toBe(message)
    }
    expect(await rowsOf(p.id)).toHaveLength(0)
    const longest = 'y'.repeat(2000)
    await review(user, p.id, 3, `  ${longest}  `)
    expect((await rowsOf(p.id))[0]?.comment).toBe(longest)
    await review(user, p.id, 3, '  A  ')
    expect((await seen(p.id)).reviews[0]?.comment).toBe('A')
  })

  it('answers 404 for unknown, malformed and archived products, 400 without a productId', async () => {
    const user = await createUser()
    const cookie = await cookieOf(user)
    const archived = await createProduct({ archived: true })
    for (const productId of [
      '00000000-0000-4000-8000-000000000001',
      'nope',
      "1' or '1'='1",
      archived.id,
    ]) {
      const res = await putReview({ productId, rating: 4, comment: 'Hello.' }, { cookie })
      expect(res.status, productId).toBe(404)
      expect(await res.json()).toEqual({ success: false, message: 'Product not found' })
    }
    expect(await rowsOf(archived.id)).toHaveLength(0)
    for (const productId of [undefined, '', 12]) {
      const res = await putReview({ productId, rating: 4, comment: 'Hello.' }, { cookie })
      expect(res.status, String(productId)).toBe(400)
    }
  })

  it('accepts the product id in any letter case as the same product', async () => {
    const p = await createProduct()
    const user = await createUser()
    await review(user, p.id.toUpperCase(), 2)
    expect(await seen(p.id)).toMatchObject({ ratings: 2, numberOfReviews: 1 })
  })

  it('stores markup in a comment as text and returns the same text', async () => {
    const p = await createProduct()
    const user = await createUser()
    const xss = '<img src=x onerror=alert(1)>'
    await review(user, p.id, 1, xss)
    expect((await rowsOf(p.id))[0]?.comment).toBe(xss)
    const list = await getReviews(apiRequest(`/api/v1/reviews?productId=${p.id}`), {})
    expect(list.headers.get('content-type')).toMatch(/^application\/json/)
    expect((await list.json()).reviews[0].comment).toBe(xss)
    expect((await seen(p.id)).reviews[0]?.comment).toBe(xss)
  })

  it('writes as the session’s user: author fields of the body are ignored', async () => {
    const p = await createProduct()
    const [ada, bob] = [await createUser({ name: 'Ada Lovelace' }), await createUser()]
    const res = await putReview(
      { productId: p.id, rating: 5, comment: 'Mine.', user: bob.id, userId: bob.id, name: 'Bob' },
      { cookie: await cookieOf(ada) },
    )
    expect(res.status).toBe(200)
    const rows = await rowsOf(p.id)
    expect(rows).toEqual([expect.objectContaining({ userId: ada.id })])
    expect((await seen(p.id)).reviews[0]?.name).toBe('Ada Lovelace')
  })

  it('is 401 for a guest and 403 for a foreign origin, storing nothing', async () => {
    const p = await createProduct()
    const body = { productId: p.id, rating: 5, comment: 'Hello.' }
    const guest = await putReview(body)
    expect(guest.status).toBe(401)
    const user = await createUser()
    const evil = await putReview(body, {
      cookie: await cookieOf(user),
      headers: { origin: 'https://evil.example' },
    })
    expect(evil.status).toBe(403)
    expect(await rowsOf(p.id)).toHaveLength(0)
    expect(await summaryRow(p.id)).toEqual({ ratings: 0, numberOfReviews: 0 })
  })

  // PGlite runs one transaction at a time; on PostgreSQL these race for real.
  it('counts ten concurrent reviews of one product exactly', async () => {
    const p = await createProduct()
    const users = await Promise.all(Array.from({ length: 10 }, () => createUser()))
    const cookies = await Promise.all(users.map(cookieOf))
    // 0+1+…+5 + 1+2+3+4 = 25: the average 2.5 is exact only if every review was counted.
    const ratings = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    const answers = await Promise.all(
      users.map((_, i) =>
        putReview(
          { productId: p.id, rating: ratings[i], comment: `Review ${i}` },
          { cookie: cookies[i] },
        ),
      ),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200))
    expect(await summaryRow(p.id)).toEqual({ ratings: 2.5, numberOfReviews: 10 })
    // And again as updates racing deletes: five authors change their rating to 5 while the
    // other five delete theirs; what remains is five fives.
    const rows = await rowsOf(p.id)
    const admin = await createUser({ role: 'admin' })
    const adminCookie = await cookieOf(admin)
    const mixed = await Promise.all(
      users.map((u, i) =>
        i < 5
          ? putReview(
              { productId: p.id, rating: 5, comment: 'Better now.' },
              { cookie: cookies[i] },
            )
          : deleteReview(p.id, rows.find((r) => r.userId === u.id)!.id, { cookie: adminCookie }),
      ),
    )
    expect(mixed.map((r) => r.status)).toEqual(Array(10).fill(200))
    expect(await summaryRow(p.id)).toEqual({ ratings: 5, numberOfReviews: 5 })
    expect(await seen(p.id)).toMatchObject({ ratings: 5, numberOfReviews: 5, listed: 5 })
  })
})

describe('DELETE /api/v1/reviews?productId=&id=', () => {
  async function reviewed() {
    const p = await createProduct()
    const author = await createUser()
    await review(author, p.id, 5)
    const [row] = await rowsOf(p.id)
    return { p, author, id: row!.id }
  }

  it('lets the author delete their review', async () => {
    const { p, author, id } = await reviewed()
    const res = await deleteReview(p.id, id, { cookie: await cookieOf(author) })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true })
    expect(await rowsOf(p.id)).toHaveLength(0)
    expect(await seen(p.id)).toMatchObject({ ratings: 0, numberOfReviews: 0 })
  })

  it('lets an admin delete anyone’s review', async () => {
    const { p, id } = await reviewed()
    const admin = await createUser({ role: 'admin' })
    const res = await deleteReview(p.id, id, { cookie: await cookieOf(admin) })
    expect(res.status).toBe(200)
    expect(await rowsOf(p.id)).toHaveLength(0)
  })

  it('refuses another user (403), a guest (401) and a foreign origin (403), removing nothing', async () => {
    const { p, author, id } = await reviewed()
    const other = await createUser()
    const res = await deleteReview(p.id, id, { cookie: await cookieOf(other) })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({
      success: false,
      message: 'You can only delete your own reviews',
    })
    expect((await deleteReview(p.id, id)).status).toBe(401)
    const evil = await deleteReview(p.id, id, {
      cookie: await cookieOf(author),
      headers: { origin: 'https://evil.example' },
    })
    expect(evil.status).toBe(403)
    expect(await rowsOf(p.id)).toHaveLength(1)
    expect(await seen(p.id)).toMatchObject({ ratings: 5, numberOfReviews: 1 })
  })

  it('answers 404 for unknown or malformed ids and for a review of another product', async () => {
    const { p, author, id } = await reviewed()
    const cookie = await cookieOf(author)
    const elsewhere = await createProduct()
    const archived = await createProduct({ archived: true })
    for (const [productId, reviewId] of [
      [p.id, '00000000-0000-4000-8000-000000000002'],
      [p.id, 'nope'],
      ['nope', id],
      ['00000000-0000-4000-8000-000000000003', id],
      [elsewhere.id, id],
      [archived.id, id],
    ] as const) {
      const res = await deleteReview(productId, reviewId, { cookie })
      expect(res.status, `${productId} ${reviewId}`).toBe(404)
      expect((await res.json()).success).toBe(false)
    }
    expect(await rowsOf(p.id)).toHaveLength(1)
  })

  it('answers 400 when a parameter is missing', async () => {
    const { p, author } = await reviewed()
    const cookie = await cookieOf(author)
    for (const url of [
      '/api/v1/reviews',
      `/api/v1/reviews?productId=${p.id}`,
      '/api/v1/reviews?id=x',
    ]) {
      const res = await DELETE(apiRequest(url, { method: 'DELETE', cookie }), routeContext({}))
      expect(res.status, url).toBe(400)
    }
    expect(await rowsOf(p.id)).toHaveLength(1)
  })
})
