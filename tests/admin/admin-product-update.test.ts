import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { PUT } from '@/app/api/v1/admin/product/[id]/route'
import { getDb } from '@/lib/db/client'
import { productImages, products } from '@/lib/db/schema'
import { installTestDatabase } from '../support/db'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser } from '../factories'

installTestDatabase()

const VALID = {
  name: 'Renamed Lamp',
  description: 'Now brighter.',
  price: 42.5,
  stock: 7,
  category: 'Households',
  itemCondition: 'Renewed',
}

async function put(id: string, init: Parameters<typeof apiRequest>[1]) {
  return PUT(
    apiRequest(`/api/v1/admin/product/${id}`, { method: 'PUT', ...init }),
    routeContext({ id }),
  )
}

describe('PUT /api/v1/admin/product/{id}', () => {
  it('is 401 for guests and 403 for shoppers, changing nothing', async () => {
    const p = await createProduct({ name: 'Desk Lamp' })
    expect((await put(p.id, { json: VALID })).status).toBe(401)
    const shopper = await createUser()
    const res = await put(p.id, { json: VALID, cookie: await sessionCookieFor(shopper) })
    expect(res.status).toBe(403)
    const [after] = await (await getDb()).select().from(products).where(eq(products.id, p.id))
    expect(after?.name).toBe('Desk Lamp')
  })

  it('changes the allowed fields for an admin and ignores the rest', async () => {
    const admin = await createUser({ role: 'admin' })
    const p = await createProduct({ ratings: 3.5, numberOfReviews: 4 })
    const res = await put(p.id, {
      json: { ...VALID, ratings: 5, numberOfReviews: 999, archived: true, user: admin.id },
      cookie: await sessionCookieFor(admin),
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.product).toMatchObject({
      name: 'Renamed Lamp',
      price: 42.5,
      stock: 7,
      itemCondition: 'Renewed',
      ratings: 3.5,
      numberOfReviews: 4,
    })
    const [after] = await (await getDb()).select().from(products).where(eq(products.id, p.id))
    expect(after).toMatchObject({ priceCents: 4250, archived: false, ratings: 3.5 })
  })

  it('takes any price in whole cents', async () => {
    const admin = await createUser({ role: 'admin' })
    const p = await createProduct()
    for (const price of [555.55, 0.1, 19.99, 1_000_000, '1234.56']) {
      const res = await put(p.id, {
        json: { ...VALID, price },
        cookie: await sessionCookieFor(admin),
      })
      expect(res.status, String(price)).toBe(200)
      expect((await res.json()).product.price).toBe(Number(price))
    }
  })

  it('answers 400 with the field for bad values, and 404 for unknown products', async () => {
    const admin = await createUser({ role: 'admin' })
    const cookie = await sessionCookieFor(admin)
    const p = await createProduct()
    for (const [field, value] of [
      ['price', 0],
      ['price', -3],
      ['price', 'abc'],
      ['price', 1.234],
      ['stock', -1],
      ['stock', 1.5],
      ['category', 'Weapons'],
      ['itemCondition', 'Broken'],
      ['name', '   '],
    ] as const) {
      const res = await put(p.id, { json: { ...VALID, [field]: value }, cookie })
      expect(res.status, `${field}=${value}`).toBe(400)
      expect((await res.json()).message).toContain(field)
    }
    expect(
      (await put('00000000-0000-4000-8000-000000000009', { json: VALID, cookie })).status,
    ).toBe(404)
    expect((await put('nope', { json: VALID, cookie })).status).toBe(404)
  })

  it('refuses a foreign origin with 403', async () => {
    const admin = await createUser({ role: 'admin' })
    const p = await createProduct()
    const res = await put(p.id, {
      json: VALID,
      cookie: await sessionCookieFor(admin),
      headers: { origin: 'https://evil.example' },
    })
    expect(res.status).toBe(403)
  })

  it('takes a multipart form, and new images replace the old ones', async () => {
    const admin = await createUser({ role: 'admin' })
    const p = await createProduct()
    await (
      await getDb()
    )
      .insert(productImages)
      .values({ productId: p.id, url: '/media/old.webp', publicId: 'old.webp' })
    const form = new FormData()
    for (const [k, v] of Object.entries(VALID)) form.set(k, String(v))
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#abc' } })
      .png()
      .toBuffer()
    form.append('images', new File([new Uint8Array(png)], 'a.png', { type: 'image/png' }))
    form.append('images', new File([new Uint8Array(png)], 'b.jpg', { type: 'image/jpeg' }))
    const res = await put(p.id, { body: form, cookie: await sessionCookieFor(admin) })
    expect(res.status).toBe(200)
    const { product } = await res.json()
    expect(product.images).toHaveLength(2)
    expect(product.images[0].url).toMatch(/^http:\/\/localhost:\d+\/media\/[a-f0-9]{32}\.webp$/)
    const bad = new FormData()
    for (const [k, v] of Object.entries(VALID)) bad.set(k, String(v))
    bad.append('images', new File(['<?php echo 1; ?>'], 'shell.jpg', { type: 'image/jpeg' }))
    expect((await put(p.id, { body: bad, cookie: await sessionCookieFor(admin) })).status).toBe(415)
  })
})
