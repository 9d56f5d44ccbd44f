import 'server-only'
import { randomUUID } from 'node:crypto'
import { ZodError } from 'zod'
import { getRequestUser, type CurrentUser } from '@/lib/auth/current-user'
import { AppError, errorResponse, forbidden, unauthorized } from './errors'
import { checkRequestText } from './input'
import { logRequestError } from './log'
import { corsHeaders, isOriginAllowed } from './origin'

// Wrappers every /api/v1 handler goes through: origin check, guard, error envelope.

type Handler<C> = (request: Request, ctx: C) => Promise<Response>
type UserHandler<C> = (request: Request, ctx: C, user: CurrentUser) => Promise<Response>

export function zodMessage(error: ZodError): AppError {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body'
    errors[key] ??= issue.message
  }
  const [first] = Object.entries(errors)
  // The field is named once: messages that already start with it ("limit must be …") stand alone.
  const message = !first
    ? 'Invalid input'
    : first[0] === 'body' || first[1].startsWith(`${first[0]} `)
      ? first[1]
      : `${first[0]}: ${first[1]}`
  return new AppError(400, message, errors)
}

function toResponse(request: Request, error: unknown): Response {
  if (error instanceof AppError) return errorResponse(error)
  if (error instanceof ZodError) return errorResponse(zodMessage(error))
  const requestId = randomUUID()
  logRequestError(requestId, request, error)
  return errorResponse(
    new AppError(500, `Something went wrong on our side (request ${requestId})`, undefined, {
      'X-Request-Id': requestId,
    }),
  )
}

/** Adds the CORS headers for an allowed extra origin; every answer varies by Origin. */
export function withCors(request: Request, response: Response): Response {
  for (const [k, v] of Object.entries(corsHeaders(request))) response.headers.set(k, v)
  response.headers.append('Vary', 'Origin')
  return response
}

export function withApi<C>(handler: Handler<C>): Handler<C> {
  return async (request, ctx) => {
    if (!isOriginAllowed(request)) {
      return errorResponse(new AppError(403, 'Cross-site request refused'))
    }
    try {
      checkRequestText(request)
      return withCors(request, await handler(request, ctx))
    } catch (error) {
      return withCors(request, toResponse(request, error))
    }
  }
}

export function withUser<C>(handler: UserHandler<C>): Handler<C> {
  return withApi(async (request, ctx) => {
    const user = await getRequestUser(request)
    if (!user) throw unauthorized()
    const response = await handler(request, ctx, user)
    // Personal data is never stored by any cache on the way.
    response.headers.set('Cache-Control', 'private, no-store')
    return response
  })
}

export function withAdmin<C>(handler: UserHandler<C>): Handler<C> {
  return withUser(async (request, ctx, user) => {
    if (user.role !== 'admin') throw forbidden('Only admins may do this')
    return handler(request, ctx, user)
  })
}
