import 'server-only'
// The one error envelope of /api/v1: { success: false, message, errors? }.

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const notFound = (message = 'Not found') => new AppError(404, message)
export const unauthorized = (message = 'Please login to access this resource') =>
  new AppError(401, message)
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, message)

const JSON_TYPE = 'application/json; charset=utf-8'

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers)
  headers.set('Content-Type', JSON_TYPE)
  return new Response(JSON.stringify(body), { ...init, headers })
}

export function errorResponse(error: AppError): Response {
  const body: Record<string, unknown> = { success: false, message: error.message }
  if (error.errors) body.errors = error.errors
  return json(body, { status: error.status, headers: error.headers })
}
