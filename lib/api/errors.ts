import 'server-only'
// The one error envelope of /api/v1: { success: false, message, errors? }, with the HTTP status
// of the refusal's code.
import type { AppError, ErrorCode } from '@/lib/errors'

/** The HTTP status of each refusal (lib/errors.ts): the one place codes meet statuses. */
export const HTTP_STATUS: Readonly<Record<ErrorCode, number>> = {
  INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
}

const JSON_TYPE = 'application/json; charset=utf-8'

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers)
  headers.set('Content-Type', JSON_TYPE)
  return new Response(JSON.stringify(body), { ...init, headers })
}

export function errorResponse(error: AppError): Response {
  const body: Record<string, unknown> = { success: false, message: error.message }
  if (error.errors) body.errors = error.errors
  return json(body, { status: HTTP_STATUS[error.code], headers: error.headers })
}
