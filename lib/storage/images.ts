import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import path from 'node:path'
import sharp, { type OutputInfo } from 'sharp'
import { IMAGE_BYTES } from '@/lib/api/body-limits.cjs'
import { AppError } from '@/lib/errors'
import { env, type Env } from '@/lib/env'
import { createFileStore } from './file-store'
import { declaredDimensions, sniffImageType } from './image-header'
import { createS3Store } from './s3-store'
import type { ObjectStore } from './store'

export { StorageUnavailableError } from './store'

// Images live in DATA_DIR/uploads or, with the S3_ settings, in a bucket (lib/storage/store.ts),
// and are served by app/media/[file]/route.ts. A name is never given to other bytes, so a URL
// never changes meaning and can be cached for a year. Two kinds of names, the same shape (32 hex
// characters):
// - the seed's images are named by their content's hash (the same picture, one file, shared);
// - uploads get a random name, so each upload is its own file, which its owner may delete
//   without taking away anybody else's picture.

export const MEDIA_PREFIX = '/media/'
const NAME_PATTERN = /^[a-f0-9]{32}\.(webp|jpg|png)$/
const CONTENT_TYPES = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' } as const

/** The byte limit is the one the forms are parsed with (lib/api/body-limits.cjs). */
export const UPLOAD_LIMITS = { bytes: IMAGE_BYTES, pixels: 25_000_000 } as const
/** Uploads are scaled down to fit this many pixels on their longer side. */
const MAX_SIDE = 1600

export type StoredImage = { url: string; publicId: string; width: number; height: number }

/** An upload refused for what it is: too large, not an image we read, or a broken one. */
export class ImageRejectedError extends AppError {
  constructor(message: string, code: 'TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'INVALID') {
    super(code, message)
    this.name = 'ImageRejectedError'
  }
}

/** The folder of the file store (the default, without the S3_ settings). */
export function uploadsDir(): string {
  return path.join(env().dataDir, 'uploads')
}

let chosen: { settings: Env; store: ObjectStore } | undefined

/** This process's store, chosen from the settings once (again only after a test resets them). */
function store(): ObjectStore {
  const settings = env()
  if (chosen?.settings !== settings) {
    const store = settings.s3 ? createS3Store(settings.s3) : createFileStore(uploadsDir())
    chosen = { settings, store }
  }
  return chosen.store
}

export function imageUrl(publicId: string): string {
  return `${MEDIA_PREFIX}${publicId}`
}

const contentName = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32)

const contentTypeOf = (name: string) =>
  CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES]

async function writeImage(publicId: string, bytes: Buffer): Promise<void> {
  await store().put(publicId, bytes, contentTypeOf(publicId))
}

/** Stores WebP bytes the server made itself (the seed), named by their content. */
export async function saveWebp(
  bytes: Buffer,
  size: { width: number; height: number },
): Promise<StoredImage> {
  const publicId = `${contentName(bytes)}.webp`
  await writeImage(publicId, bytes)
  return { url: imageUrl(publicId), publicId, ...size }
}

const notAnImage = () =>
  new ImageRejectedError('Only JPEG, PNG or WebP images are accepted', 'UNSUPPORTED_MEDIA_TYPE')
const unreadable = () => new ImageRejectedError('The image could not be read', 'INVALID')

/**
 * Stores an uploaded image. Its type comes from its bytes (the declared type and file name count
 * for nothing); size and pixel count are checked before any decoder runs; sharp then re-encodes
 * it to WebP, which drops every piece of metadata (EXIF GPS included), under a random name.
 */
export async function storeUploadedImage(
  file: Blob | Buffer,
  opts: { maxSide?: number } = {},
): Promise<StoredImage> {
  // A Blob's size is known before a byte of it is read.
  const size = Buffer.isBuffer(file) ? file.length : file.size
  if (size > UPLOAD_LIMITS.bytes) {
    throw new ImageRejectedError('Images may be at most 5 MB each', 'TOO_LARGE')
  }
  const bytes = Buffer.isBuffer(file) ? file : Buffer.from(await file.arrayBuffer())
  const type = sniffImageType(bytes)
  if (!type) throw notAnImage()
  const declared = declaredDimensions(bytes, type)
  if (!declared || declared.width === 0 || declared.height === 0) throw unreadable()
  if (declared.width * declared.height > UPLOAD_LIMITS.pixels) {
    throw new ImageRejectedError('Images may have at most 25 megapixels', 'TOO_LARGE')
  }
  const side = opts.maxSide ?? MAX_SIDE
  let encoded: { data: Buffer; info: OutputInfo }
  try {
    // limitInputPixels again, in case a header said less than the decoder finds.
    encoded = await sharp(bytes, { limitInputPixels: UPLOAD_LIMITS.pixels })
      .rotate() // apply the EXIF orientation before the EXIF block is dropped
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw unreadable()
  }
  const publicId = `${randomBytes(16).toString('hex')}.webp`
  await writeImage(publicId, encoded.data)
  return {
    url: imageUrl(publicId),
    publicId,
    width: encoded.info.width,
    height: encoded.info.height,
  }
}

/**
 * Deletes an uploaded image (an avatar or product image being replaced). Anything else is left
 * alone, quietly: a name that is not ours (`../x`), an image that is gone already, and a seed
 * image, which is named by its content and may be shown by other rows too. A store that cannot
 * be reached keeps the image (the failure is logged): the change it belongs to is done already.
 * Returns whether an image was removed.
 */
export async function removeStoredImage(publicId: string): Promise<boolean> {
  if (!NAME_PATTERN.test(publicId)) return false
  try {
    const bytes = await store().get(publicId)
    if (!bytes || contentName(bytes) === publicId.slice(0, 32)) return false
    await store().remove(publicId)
    return true
  } catch {
    return false
  }
}

/**
 * Reads a stored image by its public name; undefined for anything that is not one. Throws
 * StorageUnavailableError (503) when the store cannot be reached.
 */
export async function readStoredImage(
  name: string,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  if (!NAME_PATTERN.test(name)) return undefined
  const bytes = await store().get(name)
  return bytes && { bytes, contentType: contentTypeOf(name) }
}
