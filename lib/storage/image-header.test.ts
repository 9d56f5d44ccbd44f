import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { declaredDimensions, sniffImageType } from './image-header'

const image = (width: number, height: number, alpha = false) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: { r: 200, g: 40, b: 90, alpha: alpha ? 0.5 : 1 },
    },
  })

describe('image headers', () => {
  it('reads the same type and size as the decoder, for every JPEG, PNG and WebP variant', async () => {
    const cases: [string, 'jpeg' | 'png' | 'webp', Promise<Buffer>][] = []
    for (const [w, h] of [
      [1, 1],
      [333, 17],
      [1600, 1200],
      [5000, 3],
    ] as const) {
      cases.push(
        ['jpeg', 'jpeg', image(w, h).jpeg().toBuffer()],
        ['progressive jpeg', 'jpeg', image(w, h).jpeg({ progressive: true }).toBuffer()],
        [
          'jpeg with exif',
          'jpeg',
          image(w, h)
            .jpeg()
            .withExif({ IFD0: { Make: 'x' } })
            .toBuffer(),
        ],
        ['png', 'png', image(w, h, true).png().toBuffer()],
        ['interlaced png', 'png', image(w, h).png({ progressive: true }).toBuffer()],
        ['lossy webp', 'webp', image(w, h).webp().toBuffer()],
        ['lossless webp', 'webp', image(w, h).webp({ lossless: true }).toBuffer()],
        ['webp with alpha', 'webp', image(w, h, true).webp().toBuffer()],
        [
          'webp with exif',
          'webp',
          image(w, h)
            .webp()
            .withExif({ IFD0: { Make: 'x' } })
            .toBuffer(),
        ],
      )
    }
    for (const [label, type, made] of cases) {
      const bytes = await made
      const meta = await sharp(bytes).metadata()
      expect(sniffImageType(bytes), label).toBe(type)
      expect(declaredDimensions(bytes, type), `${label} ${meta.width}×${meta.height}`).toEqual({
        width: meta.width,
        height: meta.height,
      })
    }
  })

  it('knows nothing else and reads no size from a truncated header', async () => {
    for (const bytes of [
      Buffer.from('GIF89a'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('RIFF\0\0\0\0WAVEfmt '),
      Buffer.from([0xff, 0xd8]),
      Buffer.alloc(0),
    ]) {
      expect(sniffImageType(bytes)).toBeUndefined()
    }
    const png = await image(10, 10).png().toBuffer()
    expect(declaredDimensions(png.subarray(0, 20), 'png')).toBeUndefined()
    const jpeg = await image(10, 10).jpeg().toBuffer()
    expect(declaredDimensions(jpeg.subarray(0, 30), 'jpeg')).toBeUndefined()
    const webp = await image(10, 10).webp().toBuffer()
    expect(declaredDimensions(webp.subarray(0, 27), 'webp')).toBeUndefined()
  })
})
