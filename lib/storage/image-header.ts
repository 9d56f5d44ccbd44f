import 'server-only'
// The type and size of an uploaded image, read from its first bytes alone. This runs before any
// decoder sees the file: a type we do not accept (SVG, GIF, TIFF, HEIF, PDF, a script) never
// reaches libvips, and a decompression bomb (a few KB that claim 20000×20000 pixels) is refused
// from its header, without a single pixel decoded. Only sharp ever decodes, and only after this.

export type ImageType = 'jpeg' | 'png' | 'webp'
export type Dimensions = { width: number; height: number }

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length &&
  [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0))

/** JPEG, PNG or WebP by their magic bytes; undefined for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg'
  }
  if (PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return 'png'
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'webp'
  return undefined
}

/** The pixel size the header declares; undefined when the header cannot be read. */
export function declaredDimensions(bytes: Uint8Array, type: ImageType): Dimensions | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  try {
    if (type === 'png') return pngSize(bytes, view)
    if (type === 'webp') return webpSize(bytes, view)
    return jpegSize(bytes, view)
  } catch {
    return undefined // a read past the end: a truncated header
  }
}

function pngSize(bytes: Uint8Array, view: DataView): Dimensions | undefined {
  // The IHDR chunk must come first: length (4), "IHDR", width (4), height (4), big-endian.
  if (!ascii(bytes, 12, 'IHDR')) return undefined
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

function webpSize(bytes: Uint8Array, view: DataView): Dimensions | undefined {
  if (ascii(bytes, 12, 'VP8 ')) {
    // Lossy: a key frame starts with the start code 9d 01 2a, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return undefined
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff }
  }
  if (ascii(bytes, 12, 'VP8L')) {
    // Lossless: signature 0x2f, then width-1 and height-1 in 14 bits each, little-endian.
    if (bytes[20] !== 0x2f) return undefined
    const bits = view.getUint32(21, true)
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (ascii(bytes, 12, 'VP8X')) {
    // Extended (alpha, animation, metadata): the canvas size, 24-bit width-1 and height-1.
    const u24 = (at: number) => view.getUint16(at, true) + (view.getUint8(at + 2) << 16)
    return { width: u24(24) + 1, height: u24(27) + 1 }
  }
  return undefined
}

// Start-of-frame markers carry the size; C4 (DHT), C8 (reserved) and CC (DAC) share the range.
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

function jpegSize(bytes: Uint8Array, view: DataView): Dimensions | undefined {
  // Walk the segments (FF marker, big-endian length) up to the frame header, which every
  // decodable JPEG has before its first scan.
  let at = 2
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined
    const marker = view.getUint8(at + 1)
    if (marker === 0xff) {
      at += 1 // fill byte
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2 // markers without a length
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return undefined // end of image / a scan, no frame
    const length = view.getUint16(at + 2)
    if (length < 2) return undefined
    if (isStartOfFrame(marker)) {
      return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) }
    }
    at += 2 + length
  }
  return undefined
}
