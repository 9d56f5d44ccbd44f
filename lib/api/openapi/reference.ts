import 'server-only'
import { z } from '@/lib/zod'
import { domain } from './describe'

// GET /openapi.json: this document (docs/api.md#the-openapi-document).

export const referenceDocs = domain({
  tag: { name: 'Reference', description: 'This description of the API' },
  paths: {
    '/openapi.json': {
      GET: {
        summary: 'This OpenAPI 3.1 document',
        description: 'Public and cacheable; the reference page /docs/api renders it.',
        access: 'public',
        responses: {
          200: {
            description: 'The document',
            schema: z
              .object({
                openapi: z.string(),
                info: z.object({}).loose(),
                paths: z.object({}).loose(),
              })
              .loose(),
          },
        },
      },
    },
  },
})
