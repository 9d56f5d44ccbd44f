import { getOnlyRoute } from '@/lib/api/api-route'
import { scalarBundleResponse } from '@/lib/api/openapi/reference-page'

// GET /docs/api/scalar.js: Scalar's browser bundle, from node_modules, served by the shop (no CDN),
// compressed once per process. The page asks for it with its content hash in the query.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = getOnlyRoute((request: Request) =>
  scalarBundleResponse(request.headers.get('accept-encoding')),
)
