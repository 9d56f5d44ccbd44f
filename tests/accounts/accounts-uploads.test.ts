import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { POST as register } from '@/app/api/v1/register/route'
import { users } from '@/lib/db/schema'
import { uploadsDir } from '@/lib/storage/images'
import {
  apiRequest,
  form,
  fromAddress,
  GOOD_PASSWORD,
  imageFile,
  routeContext,
  someAddress,
  uniqueEmail,
} from '../support/accounts'
import { installTestDatabase } from '../support/db'
import { bombPng } from '../support/images'

// docs/security.md "8. Uploads are hostile until proven otherwise", through the signup endpoint:
// the checks of lib/storage hold at the door, and nothing of a refused signup is kept.

const db = installTestDatabase()
const none = routeContext({})

const signUp = (email: string, init: RequestInit) =>
  fromAddress(someAddress(), () =>
    register(apiRequest('/api/v1/register', { method: 'POST', ...init }), none),
  )
const fields = (email: string) => ({ name: 'Upload Tester', email, password: GOOD_PASSWORD })
const uploads = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).length : 0)

describe('signup uploads', () => {
  it('refuses a decompression bomb (20000×20000 PNG of a few KB) with 413', async () => {
    const email = uniqueEmail('bomb')
    const before = uploads()
    const res = await signUp(email, {
      body: form({ ...fields(email), image: imageFile(bombPng(20_000)) }),
    })
    // Refused from the header (the message names the pixel count the header declares), not by
    // decoding 400 million pixels. How fast is the benchmark's business, not this test's.
    expect(res.status).toBe(413)
    expect((await res.json()).message).toMatch(/megapixels/)
    expect(uploads()).toBe(before)
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0)
  })

  it('refuses a chunked 6 MB body with 413 before reading it all', async () => {
    const email = uniqueEmail('big')
    const boundary = 'shopboundary'
    const head = Buffer.from(
      Object.entries(fields(email))
        .map(
          ([k, v]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
        )
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    )
    const total = 6 * 1024 * 1024
    let delivered = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (delivered >= total) return controller.close()
        const chunk = delivered === 0 ? head : Buffer.alloc(64 * 1024, 0x41)
        delivered += chunk.length
        controller.enqueue(chunk)
      },
    })
    const res = await signUp(email, {
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(delivered).toBeLessThan(total)
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0)
  })

  it('stores a JPEG with GPS EXIF without any of it', async () => {
    const email = uniqueEmail('gps')
    const jpeg = await sharp({
      create: { width: 80, height: 60, channels: 3, background: '#44aa66' },
    })
      .jpeg()
      .withExif({
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1', GPSMapDatum: 'HOME-XYZ' },
      })
      .toBuffer()
    expect(jpeg.includes('HOME-XYZ')).toBe(true)
    const res = await signUp(email, {
      body: form({ ...fields(email), image: imageFile(jpeg, 'me.jpg', 'image/jpeg') }),
    })
    expect(res.status).toBe(201)
    const [user] = await db().select().from(users).where(eq(users.email, email))
    const bytes = fs.readFileSync(path.join(uploadsDir(), user!.avatarPublicId))
    expect((await sharp(bytes).metadata()).format).toBe('webp')
    expect((await sharp(bytes).metadata()).exif).toBeUndefined()
    expect(bytes.includes('HOME-XYZ')).toBe(false)
  })
})
