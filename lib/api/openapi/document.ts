import 'server-only'
import { DEVICE_COOKIE, SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '@/lib/auth/session-cookie'
import { RATE_LIMITS, type RateLimitName } from '@/lib/auth/rate-limit'
import { SITE } from '@/lib/site'
import { z } from '@/lib/zod'
import { API_PREFIX, API_ROUTES, type ApiPath } from '../routes'
import type { FileField, OperationDoc, ResponseDoc } from './describe'
import { API_DOCS, DOMAINS, tagOf } from './paths'
import { ErrorEnvelope } from './shapes'

// The OpenAPI 3.1 document of /api/v1 (GET /api/v1/openapi.json, rendered at /docs/api): the
// route table (routes.ts) walked row by row, each operation described by its domain module
// (paths.ts) with the zod schemas the handlers parse with, converted by zod's own JSON Schema
// output (draft 2020-12, the dialect of OpenAPI 3.1). Schemas with an `id` become
// components.schemas; two different schemas under one id are an error here, not a wrong document.

type Json = Record<string, unknown>

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Converts zod schemas, collecting the named ones under components.schemas. */
class Schemas {
  readonly components: Record<string, Json> = {}

  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
    }) as Json
    delete json.$schema
    const defs = (json.$defs ?? {}) as Record<string, Json>
    delete json.$defs
    for (const [id, def] of Object.entries(defs)) {
      const fixed = refsToComponents(def) as Json
      const known = this.components[id]
      if (known && JSON.stringify(known) !== JSON.stringify(fixed)) {
        throw new Error(`Two different schemas are named ${id}`)
      }
      this.components[id] = fixed
    }
    return refsToComponents(json) as Json
  }
}

function refsToComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(refsToComponents)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string'
        ? v.replace(/^#\/\$defs\//, '#/components/schemas/')
        : refsToComponents(v),
    ]),
  )
}

/** `/product/[id]` → `/product/{id}`. */
export const openApiPath = (path: string) => path.replace(/\[(\w+)\]/g, '{$1}')

const pathParamNames = (path: string) => [...path.matchAll(/\[(\w+)\]/g)].map((m) => m[1]!)

function duration(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? 'hour' : `${seconds / 3600} hours`
  if (seconds % 60 === 0) return seconds === 60 ? 'minute' : `${seconds / 60} minutes`
  return `${seconds} seconds`
}

function limitText(name: RateLimitName): string {
  const limit: { points: number; duration: number; blockDuration?: number } = RATE_LIMITS[name]
  const block = limit.blockDuration ? `, then locked ${duration(limit.blockDuration)}` : ''
  return `\`${name}\`: ${limit.points} per ${duration(limit.duration)}${block}`
}

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` })
const ERROR = ref('schemas', 'Error')

function fileSchema(file: FileField): Json {
  const one = { type: 'string', contentMediaType: 'application/octet-stream' }
  if (file.max === 1) return { ...one, description: file.description }
  return { type: 'array', items: one, maxItems: file.max, description: file.description }
}

function requestBody(doc: NonNullable<OperationDoc['body']>, schemas: Schemas): Json {
  const json = schemas.convert(doc.schema, 'input')
  const files = doc.files ?? []
  const form = files.length
    ? {
        ...json,
        properties: {
          ...(json.properties as Json),
          ...Object.fromEntries(files.map((f) => [f.name, fileSchema(f)])),
        },
        required: [
          ...((json.required as string[] | undefined) ?? []),
          ...files.filter((f) => f.required).map((f) => f.name),
        ],
      }
    : json
  return {
    required: true,
    content: {
      'application/json': { schema: json },
      'multipart/form-data': { schema: form },
      'application/x-www-form-urlencoded': { schema: json },
    },
  }
}

function parameters(path: ApiPath, doc: OperationDoc, schemas: Schemas): Json[] {
  const names = pathParamNames(path)
  for (const name of Object.keys(doc.pathParams ?? {})) {
    if (!names.includes(name)) throw new Error(`${path} has no path parameter ${name}`)
  }
  const list: Json[] = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    description: doc.pathParams?.[name],
    schema: { type: 'string' },
  }))
  if (doc.query) {
    const query = schemas.convert(doc.query, 'input')
    const required = (query.required as string[] | undefined) ?? []
    for (const [name, schema] of Object.entries(query.properties as Record<string, Json>)) {
      const { description, ...rest } = schema
      list.push({ name, in: 'query', required: required.includes(name), description, schema: rest })
    }
  }
  for (const header of doc.headers ?? []) list.push(ref('parameters', header))
  return list
}

function response(status: number, doc: ResponseDoc, schemas: Schemas): Json {
  const headers: Json = Object.fromEntries((doc.headers ?? []).map((h) => [h, ref('headers', h)]))
  if (status === 429 || status === 503) headers['Retry-After'] = ref('headers', 'Retry-After')
  if (status === 500) headers['X-Request-Id'] = ref('headers', 'X-Request-Id')
  const schema = doc.schema
    ? schemas.convert(doc.schema, 'output')
    : status >= 400
      ? ERROR
      : undefined
  const content: Json = {}
  if (schema) content['application/json'] = { schema }
  if (doc.csv) content['text/csv'] = { schema: { type: 'string' } }
  return {
    description: doc.description,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(Object.keys(content).length ? { content } : {}),
  }
}

/** What every operation of its kind may answer besides its own responses. */
function commonResponses(method: string, doc: OperationDoc): Record<number, string> {
  const common: Record<number, string> = {
    400: doc.body
      ? 'Bad input: a field that breaks its rule (`errors` names each), a body that is not valid JSON or not an object, a NUL character'
      : 'Bad input: a parameter that breaks its rule, a NUL character or lone surrogate',
  }
  if (doc.access !== 'public') {
    common[401] =
      "'Please login to access this resource': no session, or one that no longer counts (its cookies are cleared)"
  }
  const forbidden: string[] = []
  if (doc.access === 'admin') forbidden.push("'Only admins may do this'")
  if (WRITES.has(method) || doc.refusesCrossSite) {
    forbidden.push(
      "'Cross-site request refused': a write sent by another site (docs/api.md, Origin check)",
    )
  }
  if (forbidden.length) common[403] = forbidden.join('; ')
  if (doc.body) {
    common[413] = 'The body is over its cap (or a form field or image is too large)'
    common[415] =
      'The body is neither JSON nor a UTF-8 form; an image that is not JPEG, PNG or WebP'
  }
  if (doc.rateLimits?.length) {
    common[429] = `Too many requests; Retry-After says in how many seconds to try again. Limits: ${doc.rateLimits.map(limitText).join('; ')}`
  }
  common[500] = "A fault on the server's side: 'Something went wrong on our side (request {id})'"
  common[503] =
    "'The shop is very busy right now. Please try again in a moment.' (Retry-After: 2), or image storage is down"
  return common
}

function operation(path: ApiPath, method: string, doc: OperationDoc, schemas: Schemas): Json {
  const responses: Json = {}
  const common = commonResponses(method, doc)
  const statuses = [...new Set([...Object.keys(doc.responses), ...Object.keys(common)].map(Number))]
  for (const status of statuses.sort((a, b) => a - b)) {
    const own = doc.responses[status]
    const shared = common[status]
    const description =
      own && shared && status === 403
        ? `${own.description}; ${shared}`
        : (own?.description ?? shared!)
    responses[status] = response(status, { ...own, description }, schemas)
  }
  const who = { public: 'Anyone.', user: 'A signed-in user.', admin: 'An admin.' }[doc.access]
  const parameters_ = parameters(path, doc, schemas)
  return {
    operationId: operationId(method, path),
    tags: [tagOf(path)!.name],
    summary: doc.summary,
    description: [`**Who may call:** ${who}`, doc.description].filter(Boolean).join('\n\n'),
    ...(parameters_.length ? { parameters: parameters_ } : {}),
    ...(doc.body ? { requestBody: requestBody(doc.body, schemas) } : {}),
    ...(doc.access === 'public' ? {} : { security: [{ session: [] }] }),
    responses,
  }
}

function operationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean)
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('')
}

const DESCRIPTION = `The JSON API of ${SITE.name}. The contract in prose is docs/api.md in the repository; this document is generated from the route table and the zod schemas the handlers parse with.

- **Envelope.** A success is \`{ "success": true, … }\`; an error is \`{ "success": false, "message", "errors"? }\` with a message for a person.
- **Sessions.** Sign-ins set the HttpOnly cookie \`${SESSION_COOKIE}\` (the \`session\` scheme), the readable hint \`${SIGNED_IN_HINT_COOKIE}\` (grants nothing) and the device cookie \`${DEVICE_COOKIE}\`.
- **Origin check.** POST, PUT, PATCH and DELETE sent by another site (\`Origin\`, \`Sec-Fetch-Site\`) are refused with 403.
- **Methods.** HEAD answers as GET without a body wherever GET is built; OPTIONS answers the CORS preflight (204, \`Allow\`); any other method not listed for a path is 405 with \`Allow\`; a path not listed is 404 'No such API endpoint'.
- **Money** is dollars with at most 2 decimals, **dates** ISO 8601 in UTC, **ids** lower-case UUIDs, **image URLs** absolute.`

function build(): Json {
  const schemas = new Schemas()
  const error = schemas.convert(ErrorEnvelope, 'output')
  if (error.$ref !== ERROR.$ref) throw new Error('The error envelope must be a named schema')
  const paths: Json = {}
  for (const path of Object.keys(API_ROUTES) as ApiPath[]) {
    const described: Record<string, OperationDoc> = API_DOCS[path]
    const item: Json = {}
    for (const method of API_ROUTES[path].methods) {
      const doc = described[method]
      if (!doc) throw new Error(`${method} ${path} has no description in lib/api/openapi/`)
      item[method.toLowerCase()] = operation(path, method, doc, schemas)
    }
    paths[openApiPath(path)] = item
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${SITE.name} API`,
      version: '1',
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: API_PREFIX }],
    tags: DOMAINS.map((d) => d.tag),
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'The sealed session cookie a sign-in sets (login, Guest Mode, verify, reset).',
        },
      },
      parameters: {
        'If-Match': {
          name: 'If-Match',
          in: 'header',
          description:
            'The cart\'s ETag (`"12"`), `*`, or a list of them: the order is placed only if the cart is still that version (else 412)',
          schema: { type: 'string' },
        },
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          description:
            '1 to 200 visible ASCII characters, per user: a repeat of the same order answers the order this key placed',
          schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
        },
      },
      headers: {
        ETag: {
          description: 'The cart\'s version, a strong tag (`"12"`; `"0"` before the cart exists)',
          schema: { type: 'string' },
        },
        'Set-Cookie': {
          description: 'The session cookies, set or cleared',
          schema: { type: 'string' },
        },
        'Idempotent-Replayed': {
          description: '`true`: the order was placed by an earlier request with this key',
          schema: { type: 'string', const: 'true' },
        },
        'Retry-After': {
          description: 'Whole seconds to wait',
          schema: { type: 'integer', minimum: 1 },
        },
        'X-Request-Id': {
          description: "The id of this request in the server's log",
          schema: { type: 'string' },
        },
        Allow: { description: 'The methods the path answers', schema: { type: 'string' } },
      },
      responses: {
        MethodNotAllowed: {
          description:
            "A method the path does not list: '{METHOD} is not allowed here; use {methods}'",
          headers: { Allow: ref('headers', 'Allow') },
          content: { 'application/json': { schema: ERROR } },
        },
      },
    },
  }
}

let built: Json | undefined

/** The document, built once per process (the route table and the schemas do not change). */
export function openApiDocument(): Json {
  return (built ??= build())
}
