import { readStoredImage } from '@/lib/storage/images'

// GET /media/{file}: a stored image; a name is never reused for other bytes, so it may be cached
// forever.
export async function GET(_request: Request, ctx: RouteContext<'/media/[file]'>) {
  const { file } = await ctx.params
  const image = await readStoredImage(file)
  if (!image) {
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
    })
  }
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
