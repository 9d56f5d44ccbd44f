import { getOnlyRoute } from '@/lib/api/api-route'
import { START_SCRIPT } from '@/lib/api/openapi/reference-page'

// GET /docs/api/start.js: mounts the reference (a file, not an inline script: the page's policy
// allows scripts from the shop's origin only).
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = getOnlyRoute(
  () =>
    new Response(START_SCRIPT, {
      headers: {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'public, max-age=300',
      },
    }),
)
