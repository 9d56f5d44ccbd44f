import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { openApiDocument, openApiPath } from '@/lib/api/openapi/document'
import { API_DOCS } from '@/lib/api/openapi/paths'
import { API_PREFIX, API_ROUTES, type ApiPath } from '@/lib/api/routes'

// The OpenAPI document of /api/v1 (GET /api/v1/openapi.json, lib/api/openapi/): it describes
// exactly the route table, and it is a valid OpenAPI 3.1 document. Real answers are checked
// against it in tests/api/openapi-answers.test.ts.

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
const doc = openApiDocument() as Json
const PATHS = Object.keys(API_ROUTES) as ApiPath[]

describe('the OpenAPI document', () => {
  it('has a description in lib/api/openapi/ for every path and method of the route table', () => {
    for (const path of PATHS) {
      const described: Record<string, unknown> = API_DOCS[path] ?? {}
      expect(Object.keys(described).sort(), path).toEqual([...API_ROUTES[path].methods].sort())
    }
  })

  it('lists every path and method of the route table, and nothing else', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(PATHS.map(openApiPath).sort())
    for (const path of PATHS) {
      const methods = Object.keys(doc.paths[openApiPath(path)]).map((m) => m.toUpperCase())
      expect(methods.sort(), path).toEqual([...API_ROUTES[path].methods].sort())
    }
    expect(doc.servers).toEqual([{ url: API_PREFIX }])
  })

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(doc))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('gives every success a JSON schema, and every error the error envelope or its own', () => {
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        for (const [status, response] of Object.entries(op.responses as Json)) {
          const schema = response.content?.['application/json']?.schema
          expect(schema, `${method} ${path} ${status}`).toBeDefined()
          if (Number(status) >= 400 && !schema.$ref)
            expect(schema.properties.success.const).toBe(false)
        }
      }
    }
  })

  it('says who may call: the session cookie on user and admin operations, 401 and 403 with them', () => {
    expect(doc.components.securitySchemes.session).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'shop_session' }),
    )
    const me = doc.paths['/me'].get
    expect(me.security).toEqual([{ session: [] }])
    expect(me.responses).toHaveProperty('401')
    expect(doc.paths['/admin/orders'].get.responses['403'].description).toMatch(/Only admins/)
    expect(doc.paths['/products'].get.security).toBeUndefined()
  })

  it('describes the cart ETag, If-Match and Idempotency-Key, and Retry-After on 429 and 503', () => {
    expect(doc.paths['/cart'].get.responses['200'].headers).toHaveProperty('ETag')
    const order = doc.paths['/order/new'].post
    const headers = order.parameters.map((p: Json) => p.$ref)
    expect(headers).toEqual(
      expect.arrayContaining([
        '#/components/parameters/If-Match',
        '#/components/parameters/Idempotency-Key',
      ]),
    )
    expect(Object.keys(order.responses)).toEqual(
      expect.arrayContaining(['200', '201', '409', '412', '422']),
    )
    const login = doc.paths['/login'].post.responses
    expect(login['429'].headers).toHaveProperty('Retry-After')
    expect(login['429'].description).toMatch(/loginPerAddress`: 30 per 15 minutes/)
    expect(doc.paths['/products'].get.responses['503'].headers).toHaveProperty('Retry-After')
    expect(doc.paths['/products'].get.responses).not.toHaveProperty('429')
  })

  it('is built once per process', () => {
    expect(openApiDocument()).toBe(openApiDocument())
  })
})
