import 'server-only'
import { ZodError } from 'zod'
import { authenticate, type CurrentUser } from '@/lib/auth/current-user'
import { cookieFrom, SESSION_COOKIE } from '@/lib/auth/session'
import { SIGNED_IN_HINT_COOKIE } from '@/lib/auth/session-cookie'
import type { SessionData } from '@/lib/auth/session-store'
import { errorResponse } from './errors'
import { AppError, forbidden, unauthorized } from '@/lib/errors'
import { checkRequestText } from './input'
import { currentRequestId, logRequestError } from './log'
import { corsHeaders, isOriginAllowed } from './origin'
import { clearSessionCookies, setRoleHint } from './session-cookies'

// Wrappers every /api/v1 handler goes through: origin check, guard, error envelope.

type Handler<C> = (request: Request, ctx: C) => Promise<Response>
type UserHandler<C> = (
  request: Request,
  ctx: C,
  user: CurrentUser,
  session: SessionData,
) => Promise<Response>

// zod's own messages ("Invalid input: …", "Too small: …") need the field's name in front; the
// shop's messages either start with it ("limit must be …") or are whole sentences ("Please enter
// a valid e-mail address") and stand alone.
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized)\b/

function standsAlone(field: string, message: string): boolean {
  if (field === 'body') return true
  if (message.toLowerCase().startsWith(`${field.toLowerCase()} `)) return true
  return /^[A-Z]/.test(message) && !ZOD_DEFAULT_MESSAGE.test(message)
}

export function zodMessage(error: ZodError): AppError {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body'
    errors[key] ??= issue.message
  }
  const [first] = Object.entries(errors)
  const message = !first
    ? 'Invalid input'
    : standsAlone(first[0], first[1])
      ? first[1]
      : `${first[0]}: ${first[1]}`
  return new AppError('INVALID', message, errors)
}

function toResponse(request: Request, error: unknown): Response {
  if (error instanceof AppError) return errorResponse(error)
  if (error instanceof ZodError) return errorResponse(zodMessage(error))
  const requestId = currentRequestId()
  logRequestError(requestId, request, error)
  return errorResponse(
    new AppError('INTERNAL', `Something went wrong on our side (request ${requestId})`, undefined, {
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
      return errorResponse(new AppError('FORBIDDEN', 'Cross-site request refused'))
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
    const auth = await authenticate(request)
    if (!auth) {
      const response = toResponse(request, unauthorized())
      // A cookie that no longer counts (logged out elsewhere, expired) is removed, hint and all,
      // so the browser stops presenting it and the pages stop showing a signed-in state.
      const stale = (request.headers.get('cookie') ?? '').includes(`${SESSION_COOKIE}=`)
      return stale ? clearSessionCookies(request, response) : response
    }
    const response = await handler(request, ctx, auth.user, auth.session)
    // Personal data is never stored by any cache on the way.
    response.headers.set('Cache-Control', 'private, no-store')
    // A hint that names another role than the database (promoted or demoted since it was set)
    // is put right, so proxy.ts stops sending a new admin home; a handler that set or cleared
    // the cookies itself (a password change, a logout) has the last word.
    const hint = cookieFrom(request.headers.get('cookie'), SIGNED_IN_HINT_COOKIE)
    if (hint !== undefined && hint !== auth.user.role && !response.headers.has('set-cookie')) {
      setRoleHint(request, response, auth.session, auth.user.role)
    }
    return response
  })
}

export function withAdmin<C>(handler: UserHandler<C>): Handler<C> {
  return withUser(async (request, ctx, user, session) => {
    if (user.role !== 'admin') throw forbidden('Only admins may do this')
    return handler(request, ctx, user, session)
  })
}
