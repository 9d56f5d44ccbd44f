import fs from 'node:fs'
import net from 'node:net'
import { eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DELETE as deleteProduct,
  PUT as updateProduct,
} from '@/app/api/v1/admin/product/[id]/route'
import { POST as createProduct } from '@/app/api/v1/admin/product/new/route'
import { PUT as updateMe } from '@/app/api/v1/me/update/route'
import { POST as register } from '@/app/api/v1/register/route'
import { GET as getMedia } from '@/app/media/[file]/route'
import { getDb } from '@/lib/db/client'
import { DEMO_PRODUCTS } from '@/seed/catalog'
import { DEMO_ACCOUNTS } from '@/lib/users/demo-accounts'
import { seedDemo } from '@/seed/seed-demo'
import { orderItems, orders, productImages, products, users } from '@/lib/db/schema'
import { removeStoredImage, saveWebp, storeUploadedImage, uploadsDir } from '@/lib/storage/images'
import {
  form,
  fromAddress,
  GOOD_PASSWORD,
  imageFile,
  someAddress,
  uniqueEmail,
} from '../support/accounts'
import { installTestDatabase } from '../support/db'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { installS3Storage, s3Client, startS3Server, useS3Settings } from '../support/s3'
import { createUser } from '../factories'

// Images in an S3 bucket (S3_ settings), against a real S3-protocol server (s3rver) started
// here: uploads land in the bucket and nowhere else, /media serves them from it, replaced and
// deleted images leave it, the seed's shared pictures stay, and an outage is a quick 503.

installTestDatabase()
const s3 = installS3Storage()
let bucket: ReturnType<typeof s3Client>

type User = Awaited<ReturnType<typeof createUser>>
let admin: User
let adminCookie = ''

beforeAll(async () => {
  bucket = s3Client(s3())
  admin = await createUser({ role: 'admin' })
  adminCookie = await sessionCookieFor(admin)
})

let pictures = 0
/** A real PNG, a different picture each time. */
async function png(): Promise<Buffer> {
  pictures++
  return sharp({
    create: { width: 30, height: 20, channels: 3, background: { r: pictures * 9, g: 120, b: 40 } },
  })
    .png()
    .toBuffer()
}

const media = (file: string) => getMedia(apiRequest(`/media/${file}`), routeContext({ file }))
// How long "gave up at once" may take on a loaded two-core machine (a refused connection is
// immediate; the SDK's own retries with backoff would take far longer).
const PROMPT_MS = 5000
const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1)
const localFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : [])

const PRODUCT = {
  name: 'Nimbus Kettle',
  description: 'Boils water, quietly.',
  price: '39.50',
  stock: '7',
  category: 'Households',
  itemCondition: 'New',
}

async function productForm(images: Buffer[]) {
  const body = new FormData()
  for (const [k, v] of Object.entries(PRODUCT)) body.set(k, v)
  for (const [i, bytes] of images.entries()) body.append('images', imageFile(bytes, `p${i}.png`))
  return body
}

async function newProduct(images: Buffer[]) {
  const res = await createProduct(
    apiRequest('/api/v1/admin/product/new', {
      method: 'POST',
      cookie: adminCookie,
      body: await productForm(images),
    }),
    routeContext({}),
  )
  return res
}

describe('images in S3', () => {
  it('stores an admin upload in the bucket only, and /media serves the same bytes', async () => {
    const res = await newProduct([await png(), await png()])
    expect(res.status).toBe(201)
    const { product } = await res.json()
    const names: string[] = product.images.map((i: { url: string }) => nameOf(i.url))
    expect(names).toHaveLength(2)
    const keys = await bucket.keys()
    for (const name of names) {
      expect(name).toMatch(/^[a-f0-9]{32}\.webp$/)
      expect(keys).toContain(name)
      const object = (await bucket.object(name))!
      expect(object.contentType).toBe('image/webp')
      expect((await sharp(object.bytes).metadata()).format).toBe('webp')

      const served = await media(name)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/webp')
      expect(served.headers.get('content-length')).toBe(String(object.bytes.length))
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
      expect(Buffer.from(await served.arrayBuffer()).equals(object.bytes)).toBe(true)
    }
    expect(localFiles()).toEqual([])
  })

  it('answers 404 for a name the bucket does not have, and for names that are not ours', async () => {
    for (const name of ['0123456789abcdef0123456789abcdef.webp', '..%2Fsecret', 'a.svg']) {
      const res = await media(name)
      expect(res.status, name).toBe(404)
      expect(await res.text()).toBe('Not found')
    }
    // An object with a name of ours that the shop did not write is served like any other.
    const bytes = await sharp(await png())
      .webp()
      .toBuffer()
    await bucket.put('fedcba9876543210fedcba9876543210.webp', bytes)
    expect((await media('fedcba9876543210fedcba9876543210.webp')).status).toBe(200)
  })

  it('removes the old objects when a product gets new images, and when it is deleted', async () => {
    const created = await (await newProduct([await png(), await png()])).json()
    const id: string = created.product._id
    const first: string[] = created.product.images.map((i: { url: string }) => nameOf(i.url))

    const res = await updateProduct(
      apiRequest(`/api/v1/admin/product/${id}`, {
        method: 'PUT',
        cookie: adminCookie,
        body: await productForm([await png()]),
      }),
      routeContext({ id }),
    )
    expect(res.status).toBe(200)
    const second: string[] = (await res.json()).product.images.map((i: { url: string }) =>
      nameOf(i.url),
    )
    expect(second).toHaveLength(1)
    let keys = await bucket.keys()
    for (const name of first) expect(keys).not.toContain(name)
    expect(keys).toContain(second[0])
    expect((await media(first[0]!)).status).toBe(404)

    const deleted = await deleteProduct(
      apiRequest(`/api/v1/admin/product/${id}`, { method: 'DELETE', cookie: adminCookie }),
      routeContext({ id }),
    )
    expect(deleted.status).toBe(200)
    keys = await bucket.keys()
    expect(keys).not.toContain(second[0])
  })

  it('keeps, on delete, the image a past order shows and the seed pictures, removing the rest', async () => {
    const db = await getDb()
    const ordered = await storeUploadedImage(await png())
    const other = await storeUploadedImage(await png())
    const seedBytes = await sharp(await png())
      .webp()
      .toBuffer()
    const seed = await saveWebp(seedBytes, { width: 30, height: 20 })
    const [p] = await db
      .insert(products)
      .values({
        name: 'Orbit Lamp',
        description: 'x',
        priceCents: 1000,
        stock: 3,
        category: 'Households',
        itemCondition: 'New',
        createdBy: admin.id,
      })
      .returning()
    await db.insert(productImages).values(
      [ordered, other, seed].map((image, position) => ({
        productId: p!.id,
        url: image.url,
        publicId: image.publicId,
        position,
      })),
    )
    const [order] = await db
      .insert(orders)
      .values({
        userId: admin.id,
        address: '1 Road',
        state: 'Kerala',
        country: 'India',
        phoneNumber: '9876543210',
        pinCode: '682001',
        itemsCents: 1000,
        shippingCents: 500,
        totalCents: 1500,
      })
      .returning()
    await db.insert(orderItems).values({
      orderId: order!.id,
      productId: p!.id,
      name: p!.name,
      image: ordered.url,
      priceCents: 1000,
      quantity: 1,
    })

    const res = await deleteProduct(
      apiRequest(`/api/v1/admin/product/${p!.id}`, { method: 'DELETE', cookie: adminCookie }),
      routeContext({ id: p!.id }),
    )
    expect(res.status).toBe(200)
    const keys = await bucket.keys()
    expect(keys).toContain(ordered.publicId)
    expect(keys).not.toContain(other.publicId)
    expect(keys).toContain(seed.publicId)
    expect((await bucket.object(seed.publicId))!.bytes.equals(seedBytes)).toBe(true)

    // Asked directly, too: a seed picture is never removed, an upload is.
    expect(await removeStoredImage(seed.publicId)).toBe(false)
    expect(await removeStoredImage(ordered.publicId)).toBe(true)
    expect(await bucket.keys()).toContain(seed.publicId)
    expect(await bucket.keys()).not.toContain(ordered.publicId)
    expect(await removeStoredImage(ordered.publicId)).toBe(false) // gone already
  })

  it('stores a signup avatar in the bucket and removes the old one when it is replaced', async () => {
    const email = uniqueEmail('s3')
    const body = form({
      name: 'Bucket Tester',
      email,
      password: GOOD_PASSWORD,
      image: imageFile(await png()),
    })
    const signup = await fromAddress(someAddress(), () =>
      register(apiRequest('/api/v1/register', { method: 'POST', body }), routeContext({})),
    )
    expect(signup.status).toBe(201)
    const db = await getDb()
    const [user] = await db.select().from(users).where(eq(users.email, email))
    const oldAvatar = user!.avatarPublicId
    expect(await bucket.keys()).toContain(oldAvatar)
    await db.update(users).set({ verified: true }).where(eq(users.id, user!.id))

    const res = await updateMe(
      apiRequest('/api/v1/me/update', {
        method: 'PUT',
        cookie: await sessionCookieFor(user!),
        body: form({ name: 'Bucket Tester', email, avatar: imageFile(await png()) }),
      }),
      routeContext({}),
    )
    expect(res.status).toBe(200)
    const [after] = await db.select().from(users).where(eq(users.id, user!.id))
    expect(after!.avatarPublicId).not.toBe(oldAvatar)
    const keys = await bucket.keys()
    expect(keys).toContain(after!.avatarPublicId)
    expect(keys).not.toContain(oldAvatar)
    expect(localFiles()).toEqual([])
  })
})

describe('the demo seed in S3', () => {
  it('puts its pictures and avatars in the bucket, and deleting a product keeps them', async () => {
    const db = await getDb()
    const catalog = DEMO_PRODUCTS.slice(0, 2)
    await seedDemo({ db, demoMode: true, catalog })
    const seeded = await db
      .select({ id: products.id, publicId: productImages.publicId })
      .from(products)
      .innerJoin(productImages, eq(productImages.productId, products.id))
      .where(
        inArray(
          products.name,
          catalog.map((p) => p.name),
        ),
      )
    expect(seeded.length).toBeGreaterThanOrEqual(2)
    const [demoAdmin] = await db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.admin.email))
    let keys = await bucket.keys()
    for (const { publicId } of seeded) expect(keys).toContain(publicId)
    expect(keys).toContain(demoAdmin!.avatarPublicId)
    expect((await media(seeded[0]!.publicId)).status).toBe(200)

    const id = seeded[0]!.id
    const res = await deleteProduct(
      apiRequest(`/api/v1/admin/product/${id}`, { method: 'DELETE', cookie: adminCookie }),
      routeContext({ id }),
    )
    expect(res.status).toBe(200)
    keys = await bucket.keys()
    for (const { publicId } of seeded) expect(keys).toContain(publicId)
  })
})

describe('S3 settings', () => {
  it('creates the bucket when it does not exist yet', async () => {
    const bare = await startS3Server({ bucket: '' })
    try {
      useS3Settings({ env: { ...bare.env, S3_BUCKET: 'made-by-the-shop' } })
      const image = await storeUploadedImage(await png())
      const client = s3Client({ ...bare, bucket: 'made-by-the-shop' })
      expect(await client.keys()).toEqual([image.publicId])
      expect((await media(image.publicId)).status).toBe(200)
    } finally {
      useS3Settings(s3())
      await bare.stop()
    }
  })

  it('keeps DATA_DIR/uploads without them', async () => {
    useS3Settings(undefined)
    try {
      const image = await storeUploadedImage(await png())
      expect(localFiles()).toContain(image.publicId)
      expect(await bucket.keys()).not.toContain(image.publicId)
      const res = await media(image.publicId)
      expect(res.status).toBe(200)
      expect(
        Buffer.from(await res.arrayBuffer()).equals(
          fs.readFileSync(`${uploadsDir()}/${image.publicId}`),
        ),
      ).toBe(true)
      expect(await removeStoredImage(image.publicId)).toBe(true)
      expect(localFiles()).not.toContain(image.publicId)
    } finally {
      useS3Settings(s3())
    }
  })
})

describe('an S3 outage', () => {
  // A server that takes connections and never answers: the worst kind of outage.
  let silent: net.Server
  const held: net.Socket[] = []
  beforeAll(async () => {
    silent = net.createServer((socket) => held.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    for (const socket of held) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  })

  it('answers 503 at /media and refuses uploads with 503 when the server is down, quickly', async () => {
    const stored = await storeUploadedImage(await png())
    const server = s3()
    await server.stop()
    try {
      let started = performance.now()
      const res = await media(stored.publicId)
      expect(res.status).toBe(503)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await res.text()).toMatch(/storage is unavailable/)
      // Without the shop's limits the SDK would keep retrying with backoff; the bound is loose
      // on purpose (a busy machine), it only tells "gave up" from "kept trying".
      expect(performance.now() - started).toBeLessThan(PROMPT_MS)

      started = performance.now()
      const before = await (await getDb()).select({ id: products.id }).from(products)
      const upload = await newProduct([await png()])
      expect(upload.status).toBe(503)
      expect((await upload.json()).message).toMatch(/storage is unavailable/)
      expect(performance.now() - started).toBeLessThan(PROMPT_MS)
      expect(await (await getDb()).select({ id: products.id }).from(products)).toHaveLength(
        before.length,
      )
    } finally {
      // The same server again, on the same port and folder: the shop recovers by itself.
      const again = await startS3Server({ port: server.port, dir: server.directory })
      Object.assign(server, { stop: again.stop })
    }
    expect((await media(stored.publicId)).status).toBe(200)
    expect((await newProduct([await png()])).status).toBe(201)
  })

  it('answers 503 within the time limits when the server takes connections but never answers', async () => {
    const port = (silent.address() as net.AddressInfo).port
    useS3Settings({ env: { ...s3().env, S3_ENDPOINT: `http://127.0.0.1:${port}` } })
    try {
      const started = performance.now()
      const res = await media('0123456789abcdef0123456789abcdef.webp')
      expect(res.status).toBe(503)
      // Two attempts of 3 s each, then 503 (the settings in lib/storage/s3-store.ts), where the
      // SDK's default would wait on the silent socket for ever. Loose bound: a busy machine.
      expect(performance.now() - started).toBeLessThan(2 * 3000 + PROMPT_MS)
      expect(held.length).toBeGreaterThan(0) // it did reach the silent server
    } finally {
      useS3Settings(s3())
    }
  })
})
