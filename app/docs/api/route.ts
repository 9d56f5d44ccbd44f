import { getOnlyRoute } from '@/lib/api/api-route'
import { referenceHtml } from '@/lib/api/openapi/reference-page'

// GET /docs/api: the API reference page (Scalar rendering /api/v1/openapi.json; see
// lib/api/openapi/reference-page.ts). A plain HTML file with two scripts from the shop's origin.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = getOnlyRoute(
  () =>
    new Response(referenceHtml(), {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'public, max-age=300',
      },
    }),
)
