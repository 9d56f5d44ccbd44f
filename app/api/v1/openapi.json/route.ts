import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withApi } from '@/lib/api/handler'
import { openApiDocument } from '@/lib/api/openapi/document'

// GET /api/v1/openapi.json: the OpenAPI 3.1 document of this API, built once per process from the
// route table and the descriptions in lib/api/openapi/. The same for everyone, so cacheable.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/openapi.json', {
  GET: withApi(async () =>
    json(openApiDocument(), { headers: { 'Cache-Control': 'public, max-age=3600' } }),
  ),
})
