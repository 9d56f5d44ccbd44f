import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { readBody } from '@/lib/api/body'
import { bombPng } from '@/tests/support/images'
import {
  ImageRejectedError,
  removeStoredImage,
  saveWebp,
  storeUploadedImage,
  uploadsDir,
} from './images'

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })

async function rejection(upload: Promise<unknown>): Promise<ImageRejectedError> {
  const error = await upload.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ImageRejectedError)
  return error as ImageRejectedError
}

const stored = (publicId: string) => fs.readFileSync(path.join(uploadsDir(), publicId))
const exists = (publicId: string) => fs.existsSync(path.join(uploadsDir(), publicId))

describe('storeUploadedImage: the type comes from the bytes', () => {
  it('refuses a PHP script named .jpg and sent as image/jpeg, through a real form, with 415', async () => {
    const form = new FormData()
    form.set('avatar', new File(['<?php system($_GET["c"]); ?>'], 'me.jpg', { type: 'image/jpeg' }))
    const request = new Request('http://localhost/api/v1/me/update', {
      method: 'PUT',
      body: form,
    })
    const { files } = await readBody(request)
    const file = files.get('avatar')?.[0]
    expect(file?.type).toBe('image/jpeg')
    const error = await rejection(storeUploadedImage(file!))
    expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    expect(error.message).toBe('Only JPEG, PNG or WebP images are accepted')
  })

  it('refuses SVG, GIF, TIFF, AVIF and PDF with 415, whatever they are called', async () => {
    const samples: Record<string, Buffer> = {
      svg: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      gif: await solid(10, 10).gif().toBuffer(),
      tiff: await solid(10, 10).tiff().toBuffer(),
      avif: await solid(10, 10).avif().toBuffer(),
      pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
    }
    // Each of these is a picture sharp itself would happily decode; only the sniff stops them.
    expect((await sharp(samples.gif).metadata()).format).toBe('gif')
    for (const [kind, bytes] of Object.entries(samples)) {
      const file = new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' })
      const error = await rejection(storeUploadedImage(file))
      expect(error.code, kind).toBe('UNSUPPORTED_MEDIA_TYPE')
    }
  })

  it('accepts JPEG, PNG and WebP and stores WebP, scaled to 1600 px at most', async () => {
    const inputs = [
      await solid(40, 30).jpeg().toBuffer(),
      await solid(3200, 1000).png().toBuffer(),
      await solid(50, 60).webp({ lossless: true }).toBuffer(),
      await solid(70, 20).webp().toBuffer(),
    ]
    const sizes = []
    for (const bytes of inputs) {
      const image = await storeUploadedImage(bytes)
      expect(image.publicId).toMatch(/^[a-f0-9]{32}\.webp$/)
      expect(image.url).toBe(`/media/${image.publicId}`)
      const meta = await sharp(stored(image.publicId)).metadata()
      expect(meta.format).toBe('webp')
      expect([meta.width, meta.height]).toEqual([image.width, image.height])
      sizes.push([image.width, image.height])
    }
    expect(sizes).toEqual([
      [40, 30],
      [1600, 500],
      [50, 60],
      [70, 20],
    ])
  })
})

describe('storeUploadedImage: metadata and caps', () => {
  it('drops EXIF, GPS included, after applying the orientation', async () => {
    const jpeg = await solid(40, 30)
      .jpeg()
      .withExif({
        IFD0: { Make: 'Phone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSMapDatum: 'SECRET-DATUM' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    expect((await sharp(jpeg).metadata()).orientation).toBe(6)
    expect(jpeg.includes('SECRET-DATUM')).toBe(true) // the GPS block is in the upload

    const image = await storeUploadedImage(jpeg)
    const bytes = stored(image.publicId)
    const after = await sharp(bytes).metadata()
    expect(after.exif).toBeUndefined()
    expect(after.xmp).toBeUndefined()
    expect(after.orientation).toBeUndefined()
    expect(bytes.includes('SECRET-DATUM')).toBe(false)
    expect(bytes.includes('Phone')).toBe(false)
    // Turned upright (orientation 6 is a quarter turn), as the phone showed it.
    expect([image.width, image.height]).toEqual([30, 40])
  })

  it('refuses more than 5 MB with 413 without reading the file', async () => {
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' })
    let read = false
    const watched = Object.assign(big, {
      arrayBuffer: () => {
        read = true
        return Blob.prototype.arrayBuffer.call(big)
      },
    })
    const error = await rejection(storeUploadedImage(watched))
    expect(error.code).toBe('TOO_LARGE')
    expect(read).toBe(false)
  })

  it('refuses a decompression bomb (20000×20000 PNG of a few KB) from its header, at once', async () => {
    const bomb = bombPng(20_000)
    expect(bomb.length).toBeLessThan(100 * 1024)
    // A real PNG of that size, as a decoder would see it.
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 20_000, 20_000])

    const started = performance.now()
    const error = await rejection(storeUploadedImage(bomb))
    const elapsed = performance.now() - started
    expect(error.code).toBe('TOO_LARGE')
    expect(error.message).toBe('Images may have at most 25 megapixels')
    // Decoding 400 megapixels takes seconds; reading a header, well under a millisecond.
    expect(elapsed).toBeLessThan(250)
  })

  it('answers 400, not 500, for a truncated image of an accepted type', async () => {
    const png = await solid(64, 64).png().toBuffer()
    const error = await rejection(storeUploadedImage(png.subarray(0, 40)))
    expect(error.code).toBe('INVALID')
  })
})

describe('stored names and removal', () => {
  it('gives two uploads of the same bytes two different files', async () => {
    const bytes = await solid(20, 20).png().toBuffer()
    const a = await storeUploadedImage(bytes)
    const b = await storeUploadedImage(bytes)
    expect(a.publicId).not.toBe(b.publicId)
    expect(exists(a.publicId) && exists(b.publicId)).toBe(true)
  })

  it('removes only the named upload, and ignores foreign names, missing files and seed images', async () => {
    const bytes = await solid(20, 20).png().toBuffer()
    const mine = await storeUploadedImage(bytes)
    const theirs = await storeUploadedImage(bytes)
    const seed = await saveWebp(await solid(8, 8).webp().toBuffer(), { width: 8, height: 8 })
    const outside = path.join(uploadsDir(), '..', 'x')
    fs.writeFileSync(outside, 'keep me')

    expect(await removeStoredImage(mine.publicId)).toBe(true)
    expect(exists(mine.publicId)).toBe(false)
    expect(exists(theirs.publicId)).toBe(true)

    expect(await removeStoredImage(mine.publicId)).toBe(false) // gone already
    for (const name of ['../x', '..%2Fx', '', '/etc/passwd', `../uploads/${theirs.publicId}`]) {
      expect(await removeStoredImage(name), name).toBe(false)
    }
    expect(fs.readFileSync(outside, 'utf8')).toBe('keep me')
    expect(exists(theirs.publicId)).toBe(true)

    // A seed image is named by its content and may be shown by several rows: it stays.
    expect(await removeStoredImage(seed.publicId)).toBe(false)
    expect(exists(seed.publicId)).toBe(true)
  })
})
