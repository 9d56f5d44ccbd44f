import { readStoredImage, StorageUnavailableError } from '@/lib/storage/images'

// GET /media/{file}: a stored image, from DATA_DIR/uploads or the S3 bucket; a name is never
// reused for other bytes, so it may be cached forever. A 404 and a 503 (the store is down for a
// moment) may not be cached at all.

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      ...headers,
    },
  })

export async function GET(_request: Request, ctx: RouteContext<'/media/[file]'>) {
  const { file } = await ctx.params
  let image: Awaited<ReturnType<typeof readStoredImage>>
  try {
    image = await readStoredImage(file)
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error
    return text(503, 'Image storage is unavailable, please try again in a moment', {
      'Retry-After': '5',
    })
  }
  if (!image) return text(404, 'Not found')
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      'Content-Type': image.contentType,
      'Content-Length': String(image.bytes.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
}
