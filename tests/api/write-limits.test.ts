import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { PUT as updateProductRoute } from '@/app/api/v1/admin/product/[id]/route'
import { POST as createProductRoute } from '@/app/api/v1/admin/product/new/route'
import { POST as contactRoute } from '@/app/api/v1/contactus/route'
import { PUT as reviewRoute } from '@/app/api/v1/review/route'
import { RATE_LIMITS } from '@/lib/auth/rate-limit'
import { getDb } from '@/lib/db/client'
import { contactMessages, products, reviews } from '@/lib/db/schema'
import { resetEnvForTests } from '@/lib/env'
import { fromAddress, someAddress } from '../support/accounts'
import { installTestDatabase } from '../support/db'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser } from '../factories'

// The writes of signed-in callers are limited per user and per address (decision 0014): past a
// limit, 429 with Retry-After and a message that says what was too many; nothing is written.
// The figures come from the one table of limits (lib/auth/rate-limit.ts). On PostgreSQL the
// counters are rows of the shared table, so the concurrent bursts also show that none slips
// past a limit in a race.

installTestDatabase()

type User = Awaited<ReturnType<typeof createUser>>

async function expectLimited(res: Response, what: RegExp) {
  expect(res.status).toBe(429)
  const wait = Number(res.headers.get('retry-after'))
  expect(wait).toBeGreaterThan(0)
  const body = await res.json()
  expect(body).toEqual({ success: false, message: expect.stringMatching(what) })
  expect(body.message).toMatch(/Please try again in \d+ (seconds|minutes)\./)
}

const statusesOf = (answers: Response[]) => answers.map((r) => r.status)
const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length

// ---------------------------------------------------------------------------------------------

async function contact(user: User, address: string, message = 'Where is my parcel, please?') {
  const cookie = await sessionCookieFor(user)
  return fromAddress(address, () =>
    contactRoute(
      apiRequest('/api/v1/contactus', { method: 'POST', json: { message }, cookie }),
      routeContext({}),
    ),
  )
}

async function messagesOf(user: User) {
  const db = await getDb()
  return db.select().from(contactMessages).where(eq(contactMessages.userId, user.id))
}

describe('contact messages', () => {
  const { points } = RATE_LIMITS.contactPerUser

  it('takes the allowed number from one shopper in a burst of 40, then 429 with Retry-After', async () => {
    const ada = await createUser()
    const address = someAddress()
    const burst = await Promise.all(Array.from({ length: 40 }, () => contact(ada, address)))
    const statuses = statusesOf(burst)
    expect(countOf(statuses, 201)).toBe(points)
    expect(countOf(statuses, 429)).toBe(40 - points)
    await expectLimited(
      burst.find((r) => r.status === 429)!,
      /^Too many messages\./,
    )
    expect(await messagesOf(ada)).toHaveLength(points)
    // The limit is the shopper's, from any address.
    await expectLimited(await contact(ada, someAddress()), /^Too many messages\./)
    // Another shopper at the same address is not affected.
    expect((await contact(await createUser(), address)).status).toBe(201)
    expect(await messagesOf(ada)).toHaveLength(points)
  })

  it('does not count a message refused as invalid', async () => {
    const bob = await createUser()
    const address = someAddress()
    for (let i = 0; i < points + 2; i++) {
      expect((await contact(bob, address, 'too short')).status).toBe(400)
    }
    for (let i = 0; i < points; i++) expect((await contact(bob, address)).status).toBe(201)
    await expectLimited(await contact(bob, address), /^Too many messages\./)
  })

  it('limits one address, whoever writes from it', async () => {
    const address = someAddress()
    const { points: perAddress } = RATE_LIMITS.contactPerAddress
    // Shoppers behind one address, each well within their own limit.
    const writers = await Promise.all(
      Array.from({ length: Math.ceil(perAddress / (points - 1)) + 1 }, () => createUser()),
    )
    let sent = 0
    for (const writer of writers) {
      for (let i = 0; i < points - 1 && sent < perAddress; i++, sent++) {
        expect((await contact(writer, address)).status).toBe(201)
      }
    }
    const last = writers.at(-1)!
    expect(await messagesOf(last)).toHaveLength(0)
    await expectLimited(await contact(last, address), /^Too many messages\./)
    // The same shopper from another address is not affected.
    expect((await contact(last, someAddress())).status).toBe(201)
  })
})

// ---------------------------------------------------------------------------------------------

async function review(user: User, productId: string, address: string, comment: string) {
  const cookie = await sessionCookieFor(user)
  return fromAddress(address, () =>
    reviewRoute(
      apiRequest('/api/v1/review', {
        method: 'PUT',
        json: { productId, rating: 4, comment },
        cookie,
      }),
      routeContext({}),
    ),
  )
}

async function reviewsBy(user: User) {
  const db = await getDb()
  return db.select().from(reviews).where(eq(reviews.userId, user.id))
}

describe('reviews', () => {
  const { points } = RATE_LIMITS.reviewsPerUser

  it('takes the allowed number of adds and edits from one shopper, then 429 with Retry-After', async () => {
    const ada = await createUser()
    const address = someAddress()
    const items = await Promise.all([createProduct(), createProduct(), createProduct()])
    // Adding and editing count alike: three products, reviewed and edited in turn.
    for (let i = 0; i < points; i++) {
      const res = await review(ada, items[i % 3]!.id, address, `Review number ${i}`)
      expect(res.status).toBe(200)
    }
    await expectLimited(
      await review(ada, items[0]!.id, address, 'One edit too many'),
      /^Too many reviews\./,
    )
    await expectLimited(
      await review(ada, (await createProduct()).id, someAddress(), 'A new one'),
      /^Too many reviews\./,
    )
    const mine = await reviewsBy(ada)
    expect(mine).toHaveLength(3)
    expect(mine.map((r) => r.comment)).not.toContain('One edit too many')
    // Another shopper at the same address is not affected.
    expect((await review(await createUser(), items[0]!.id, address, 'Fine')).status).toBe(200)
  })

  it('takes exactly the allowed number in a concurrent burst of 40', async () => {
    const bob = await createUser()
    const address = someAddress()
    const items = await Promise.all(Array.from({ length: 40 }, () => createProduct()))
    const burst = await Promise.all(items.map((p) => review(bob, p.id, address, 'Burst')))
    const statuses = statusesOf(burst)
    expect(countOf(statuses, 200)).toBe(points)
    expect(countOf(statuses, 429)).toBe(40 - points)
    expect(await reviewsBy(bob)).toHaveLength(points)
  })

  it('limits one address, whoever writes from it', async () => {
    const address = someAddress()
    const { points: perAddress } = RATE_LIMITS.reviewsPerAddress
    const product = await createProduct()
    const writers = await Promise.all(
      Array.from({ length: Math.ceil(perAddress / points) + 1 }, () => createUser()),
    )
    let written = 0
    for (const writer of writers) {
      for (let i = 0; i < points && written < perAddress; i++, written++) {
        expect((await review(writer, product.id, address, `Edit ${i}`)).status).toBe(200)
      }
    }
    const last = writers.at(-1)!
    await expectLimited(await review(last, product.id, address, 'Mine'), /^Too many reviews\./)
    expect(await reviewsBy(last)).toHaveLength(0)
    expect((await review(last, product.id, someAddress(), 'Mine')).status).toBe(200)
  })
})

// ---------------------------------------------------------------------------------------------

const FIELDS = {
  name: 'Aurora Desk Lamp',
  description: 'A warm light for late work.',
  price: '49.99',
  stock: '12',
  category: 'Households',
  itemCondition: 'New',
}

let png: Buffer | undefined
async function picture(): Promise<File> {
  png ??= await sharp({
    create: { width: 24, height: 16, channels: 3, background: { r: 20, g: 90, b: 200 } },
  })
    .png()
    .toBuffer()
  return new File([new Uint8Array(png)], 'lamp.png', { type: 'image/png' })
}
/** A file that claims to be a picture and is not: refused (400) after it was counted. */
const notAPicture = () => new File(['just text'], 'lamp.png', { type: 'image/png' })

function productForm(image?: File): FormData {
  const body = new FormData()
  for (const [k, v] of Object.entries(FIELDS)) body.set(k, v)
  if (image) body.append('images', image)
  return body
}

async function createWith(admin: User, address: string, image: File) {
  const cookie = await sessionCookieFor(admin)
  return fromAddress(address, () =>
    createProductRoute(
      apiRequest('/api/v1/admin/product/new', {
        method: 'POST',
        body: productForm(image),
        cookie,
      }),
      routeContext({}),
    ),
  )
}

async function updateWith(admin: User, address: string, id: string, body: FormData | object) {
  const cookie = await sessionCookieFor(admin)
  const init = body instanceof FormData ? { body } : { json: body }
  return fromAddress(address, () =>
    updateProductRoute(
      apiRequest(`/api/v1/admin/product/${id}`, { method: 'PUT', ...init, cookie }),
      routeContext({ id }),
    ),
  )
}

async function productCount() {
  const db = await getDb()
  return (await db.select({ id: products.id }).from(products)).length
}

describe('product pictures', () => {
  const { points } = RATE_LIMITS.productImagesPerUser

  it('takes the allowed number of saves with pictures from one admin, then 429 with Retry-After', async () => {
    const admin = await createUser({ role: 'admin' })
    const address = someAddress()
    // Every save that carries pictures counts, even one whose pictures are then refused.
    const burst = await Promise.all(
      Array.from({ length: points + 5 }, () => createWith(admin, address, notAPicture())),
    )
    const statuses = statusesOf(burst)
    expect(countOf(statuses, 429)).toBe(5)
    expect(countOf(statuses, 400) + countOf(statuses, 415)).toBe(points)
    await expectLimited(
      burst.find((r) => r.status === 429)!,
      /^Too many picture uploads\./,
    )

    const before = await productCount()
    await expectLimited(
      await createWith(admin, someAddress(), await picture()),
      /^Too many picture uploads\./,
    )
    const product = await createProduct()
    await expectLimited(
      await updateWith(admin, address, product.id, productForm(await picture())),
      /^Too many picture uploads\./,
    )
    expect(await productCount()).toBe(before + 1)
    // A change without pictures (JSON) still goes through.
    const stock = await updateWith(admin, address, product.id, { ...FIELDS, stock: '3' })
    expect(stock.status).toBe(200)
    // Another admin at the same address is not affected.
    expect(
      (await createWith(await createUser({ role: 'admin' }), address, await picture())).status,
    ).toBe(201)
  })

  it('limits one address, whichever admin uploads from it', async () => {
    const address = someAddress()
    const { points: perAddress } = RATE_LIMITS.productImagesPerAddress
    const admins = await Promise.all(
      Array.from({ length: Math.ceil(perAddress / points) + 1 }, () =>
        createUser({ role: 'admin' }),
      ),
    )
    const calls = admins
      .slice(0, -1)
      .flatMap((admin) => Array.from({ length: points }, () => admin))
      .slice(0, perAddress)
    const statuses = statusesOf(
      await Promise.all(calls.map((admin) => createWith(admin, address, notAPicture()))),
    )
    expect(countOf(statuses, 429)).toBe(0)
    const last = admins.at(-1)!
    await expectLimited(
      await createWith(last, address, await picture()),
      /^Too many picture uploads\./,
    )
    expect((await createWith(last, someAddress(), await picture())).status).toBe(201)
  })
})

// ---------------------------------------------------------------------------------------------

describe('a demo account in demo mode', () => {
  afterAll(() => {
    delete process.env.DEMO_MODE
    resetEnvForTests()
  })

  it('counts per browser: one visitor does not use up every visitor’s budget', async () => {
    process.env.DEMO_MODE = 'true'
    resetEnvForTests()
    const demo = await createUser({ demo: true })
    const { points } = RATE_LIMITS.contactPerUser
    const mine = await sessionCookieFor(demo)
    const send = (cookie: string) =>
      fromAddress(someAddress(), () =>
        contactRoute(
          apiRequest('/api/v1/contactus', {
            method: 'POST',
            json: { message: 'Hello from the demo' },
            cookie,
          }),
          routeContext({}),
        ),
      )
    for (let i = 0; i < points; i++) expect((await send(mine)).status).toBe(201)
    await expectLimited(await send(mine), /^Too many messages\./)
    expect((await send(await sessionCookieFor(demo))).status).toBe(201)
  })
})
