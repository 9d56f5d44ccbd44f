import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { expect } from 'vitest'
import { openApiDocument, openApiPath } from '@/lib/api/openapi/document'
import type { ApiPath } from '@/lib/api/routes'

// Checks a real answer of a route handler against the OpenAPI document (GET /api/v1/openapi.json):
// its status is one the operation lists, its body matches that status's schema (ajv, JSON Schema
// 2020-12 as OpenAPI 3.1 uses it), and the headers the document promises are there.

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const doc = openApiDocument() as Json
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)
const compiled = new Map<string, ValidateFunction>()

function validatorFor(key: string, schema: Json): ValidateFunction {
  let validate = compiled.get(key)
  if (!validate) {
    // `#/components/schemas/…` resolves against the root: the components travel with the schema.
    validate = ajv.compile({ ...schema, components: { schemas: doc.components.schemas } })
    compiled.set(key, validate)
  }
  return validate
}

/** Every operation of the document and the statuses seen for it, for the coverage check. */
export const seen = new Map<string, Set<number>>()

/** Asserts that `res` is an answer the document describes for `method path`; returns its body. */
export async function expectDocumented(
  res: Response,
  method: string,
  path: ApiPath,
): Promise<unknown> {
  const where = `${method} ${path} → ${res.status}`
  const operation = doc.paths[openApiPath(path)]?.[method.toLowerCase()]
  expect(operation, `${method} ${path} is not in the document`).toBeDefined()
  const documented = operation.responses[String(res.status)]
  expect(documented, `${where}: the document does not list this status`).toBeDefined()
  const key = `${method} ${path}`
  seen.set(key, (seen.get(key) ?? new Set()).add(res.status))

  for (const name of Object.keys(documented.headers ?? {})) {
    if (name === 'Set-Cookie') expect(res.headers.getSetCookie().length, where).toBeGreaterThan(0)
    else expect(res.headers.get(name), `${where}: header ${name}`).not.toBeNull()
  }
  const type = res.headers.get('content-type') ?? ''
  if (type.startsWith('text/csv')) {
    expect(documented.content?.['text/csv'], `${where}: CSV is not documented`).toBeDefined()
    return res.text()
  }
  expect(type, where).toMatch(/^application\/json/)
  const body = await res.json()
  const schema = documented.content?.['application/json']?.schema
  expect(schema, `${where}: no JSON schema`).toBeDefined()
  const validate = validatorFor(`${key} ${res.status}`, schema)
  const valid = validate(body)
  expect(valid ? [] : validate.errors, `${where}: ${JSON.stringify(body).slice(0, 500)}`).toEqual(
    [],
  )
  return body
}
