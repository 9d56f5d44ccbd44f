import 'server-only'
import type { RateLimitName } from '@/lib/auth/rate-limit'
import type { z } from '@/lib/zod'
import type { ApiPath, MethodsOf } from '../routes'

// What the OpenAPI document (document.ts) says about each row of the route table (routes.ts).
// Every path and method of API_ROUTES needs an OperationDoc in one of the domain modules beside
// this file (catalog.ts, cart.ts, ...): the typecheck asks for it (paths.ts), and
// tests/unit/openapi.test.ts fails without it. The builder adds what every operation of a kind
// answers (400, 401, 403, 413, 415, 429, 500, 503), so a description lists only its own answers.

export type Access = 'public' | 'user' | 'admin'

/** Response headers the document describes (components.headers). */
export type ResponseHeader = 'ETag' | 'Set-Cookie' | 'Idempotent-Replayed'

export type ResponseDoc = {
  description: string
  /** The JSON body; for a status of 400 or more, the error envelope when left out. */
  schema?: z.ZodType
  /** The answer is a CSV download (text/csv) instead of JSON. */
  csv?: boolean
  headers?: readonly ResponseHeader[]
}

export type FileField = {
  name: string
  description: string
  /** At most this many files in the field (1: a single file). */
  max: number
  required?: boolean
}

export type OperationDoc = {
  summary: string
  description?: string
  /** Who may call: anyone, a signed-in user (withUser), an admin (withAdmin). */
  access: Access
  /** A description per path parameter (the names of the route table's [segments]). */
  pathParams?: Record<string, string>
  /** The query parameters: each key of the object is one, parsed as the handler parses it. */
  query?: z.ZodObject
  /** The body, as JSON or a form (multipart or urlencoded): every body reader takes all three. */
  body?: { schema: z.ZodObject | z.ZodType; files?: readonly FileField[] }
  /** Optional request headers the handler reads. */
  headers?: readonly ('If-Match' | 'Idempotency-Key')[]
  /** The limits (lib/auth/rate-limit.ts) that may answer 429 with Retry-After. */
  rateLimits?: readonly RateLimitName[]
  /** A GET that changes state and is refused when another site sent it (403). */
  refusesCrossSite?: boolean
  /** The operation's own answers (at least its success). */
  responses: Record<number, ResponseDoc>
}

type PathDocs<P extends ApiPath> = { [K in P]: { [M in MethodsOf<K>]: OperationDoc } }

export type Tag = { name: string; description: string }

export type DomainDocs<P extends ApiPath> = { tag: Tag; paths: PathDocs<P> }

/** A domain module's descriptions: every method of each path it names, no more. */
export function domain<P extends ApiPath>(docs: DomainDocs<P>): DomainDocs<P> {
  return docs
}

/** All paths and methods of the route table, each described once. */
export type ApiDocs = PathDocs<ApiPath>
