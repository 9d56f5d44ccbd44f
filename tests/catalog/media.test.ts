import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { GET as getMedia } from '@/app/media/[file]/route'
import { ImageRejectedError, saveWebp, storeUploadedImage } from '@/lib/storage/images'
import { apiRequest, routeContext } from '../support/requests'

async function fetchMedia(file: string) {
  return getMedia(apiRequest(`/media/${file}`), routeContext({ file }))
}

describe('image storage and /media', () => {
  it('serves a stored image with its type, nosniff and a year of caching', async () => {
    const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .webp()
      .toBuffer()
    const stored = await saveWebp(bytes, { width: 4, height: 4 })
    expect(stored.url).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/)
    const res = await fetchMedia(stored.publicId)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('names files by content: the same bytes give the same name', async () => {
    const bytes = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#0f0' } })
      .webp()
      .toBuffer()
    const a = await saveWebp(bytes, { width: 2, height: 2 })
    const b = await saveWebp(bytes, { width: 2, height: 2 })
    expect(a.publicId).toBe(b.publicId)
  })

  it('answers 404 for unknown names and anything that tries to leave the folder', async () => {
    for (const name of [
      '0123456789abcdef0123456789abcdef.webp',
      '..%2F..%2Fetc%2Fpasswd',
      '../session-secret',
      'a.svg',
    ]) {
      expect((await fetchMedia(name)).status).toBe(404)
    }
  })

  it('re-encodes uploads by their bytes and drops their metadata', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00f' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret place' } })
      .toBuffer()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const stored = await storeUploadedImage(jpeg)
    const served = Buffer.from(await (await fetchMedia(stored.publicId)).arrayBuffer())
    const meta = await sharp(served).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.exif).toBeUndefined()
    expect([stored.width, stored.height]).toEqual([40, 30])
  })

  it('refuses a script renamed as an image with 415', async () => {
    const error = await storeUploadedImage(Buffer.from('<?php system($_GET["c"]); ?>')).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ImageRejectedError)
    expect((error as ImageRejectedError).code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })
})
