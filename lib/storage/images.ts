import 'server-only'
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp, { type Metadata } from 'sharp'
import { AppError } from '@/lib/api/errors'
import { env } from '@/lib/env'

// Image files live under DATA_DIR/uploads and are served by app/media/[file]/route.ts.
// Names are the content's hash, so a URL never changes meaning and can be cached for a year.

export const MEDIA_PREFIX = '/media/'
const NAME_PATTERN = /^[a-f0-9]{32}\.(webp|jpg|png)$/
const CONTENT_TYPES = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' } as const

export const UPLOAD_LIMITS = { bytes: 5 * 1024 * 1024, pixels: 25_000_000 } as const

export type StoredImage = { url: string; publicId: string; width: number; height: number }

/** An upload refused for what it is; answers with its own status (413, 415, 400) and message. */
export class ImageRejectedError extends AppError {
  constructor(message: string, status: 413 | 415 | 400) {
    super(status, message)
    this.name = 'ImageRejectedError'
  }
}

export function uploadsDir(): string {
  return path.join(env().dataDir, 'uploads')
}

export function imageUrl(publicId: string): string {
  return `${MEDIA_PREFIX}${publicId}`
}

/** Stores WebP bytes the server made itself (seed, re-encoded uploads). */
export async function saveWebp(
  bytes: Buffer,
  size: { width: number; height: number },
): Promise<StoredImage> {
  const publicId = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.webp`
  const dir = uploadsDir()
  await fs.mkdir(dir, { recursive: true })
  const file = path.join(dir, publicId)
  // Write to a temporary name and rename, so a reader never sees half a file.
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`
  await fs.writeFile(tmp, bytes)
  await fs.rename(tmp, file)
  return { url: imageUrl(publicId), publicId, ...size }
}

/**
 * Validates an uploaded image by its bytes (never its name or declared type), then re-encodes it
 * to WebP, which drops every piece of metadata (EXIF GPS included).
 */
export async function storeUploadedImage(bytes: Buffer): Promise<StoredImage> {
  if (bytes.length > UPLOAD_LIMITS.bytes) {
    throw new ImageRejectedError('Images may be at most 5 MB each', 413)
  }
  let meta: Metadata
  try {
    meta = await sharp(bytes, { limitInputPixels: UPLOAD_LIMITS.pixels }).metadata()
  } catch {
    throw new ImageRejectedError('Only JPEG, PNG or WebP images are accepted', 415)
  }
  if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) {
    throw new ImageRejectedError('Only JPEG, PNG or WebP images are accepted', 415)
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > UPLOAD_LIMITS.pixels) {
    throw new ImageRejectedError('Images may have at most 25 megapixels', 413)
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: UPLOAD_LIMITS.pixels })
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
    return saveWebp(data, { width: info.width, height: info.height })
  } catch {
    throw new ImageRejectedError('The image could not be read', 415)
  }
}

/** Reads a stored image by its public name; undefined for anything that is not one. */
export async function readStoredImage(
  name: string,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  if (!NAME_PATTERN.test(name)) return undefined
  const ext = name.slice(name.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES
  try {
    const bytes = await fs.readFile(path.join(uploadsDir(), name))
    return { bytes, contentType: CONTENT_TYPES[ext] }
  } catch {
    return undefined
  }
}

/** Removes an uploaded image file; names that are not one, and missing files, are ignored. */
export async function removeStoredImage(publicId: string): Promise<void> {
  if (!NAME_PATTERN.test(publicId)) return
  await fs.rm(path.join(uploadsDir(), publicId), { force: true })
}
