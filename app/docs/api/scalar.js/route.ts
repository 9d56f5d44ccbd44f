import { getOnlyRoute } from '@/lib/api/api-route'
import { scalarBundle } from '@/lib/api/openapi/reference-page'

// GET /docs/api/scalar.js: Scalar's browser bundle, from node_modules, served by the shop (no CDN).
// The page asks for it with its content hash in the query, so a day's caching is safe. Behind
// `npm start` this route answers only the first request of a process: the front then serves the
// bundle compressed once, from memory (scripts/static-assets.mjs); Next would copy and compress
// its 3.5 MB again for every request.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = getOnlyRoute(
  () =>
    new Response(new Uint8Array(scalarBundle().bytes), {
      headers: {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'public, max-age=86400',
      },
    }),
)
