import 'server-only'
import { errorResponse } from './errors'
import { AppError, notFound } from '@/lib/errors'
import { withApi } from './handler'
import { preflightHeaders } from './origin'
import {
  allowedMethods,
  HTTP_METHODS,
  matchApiPath,
  type ApiPath,
  type HttpMethod,
  type MethodsOf,
} from './routes'

// The exports of an /api/v1 route file, built from its row of the route table:
//   export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/product/[id]', { GET })
// Every method answers: the built ones with their handler, OPTIONS with the preflight, the rest
// with a JSON 405 and `Allow`. Next would otherwise answer those with empty bodies and no CORS.

type Handler<C> = (request: Request, ctx: C) => Promise<Response>
type RouteExports<C> = Record<HttpMethod, Handler<C>>

function preflight(request: Request, path: ApiPath | undefined): Response {
  const allow = allowedMethods(path).join(', ')
  return new Response(null, {
    status: 204,
    headers: { Allow: allow, ...preflightHeaders(request), Vary: 'Origin' },
  })
}

function methodNotAllowed(path: ApiPath): Handler<unknown> {
  const allow = allowedMethods(path)
  return withApi(async (request) => {
    throw new AppError(
      'METHOD_NOT_ALLOWED',
      `${request.method} is not allowed here; use ${allow.join(', ')}`,
      undefined,
      { Allow: allow.join(', ') },
    )
  })
}

/** What any path without its own built row answers: the JSON 404 (and a preflight). */
const unknownPath = withApi(async () => {
  throw notFound('No such API endpoint')
})

function dispatch<C>(
  path: ApiPath | undefined,
  handlers: Partial<Record<HttpMethod, Handler<C>>>,
): RouteExports<C> {
  const wrong = path ? methodNotAllowed(path) : unknownPath
  const answer = (method: HttpMethod): Handler<C> => {
    const own = handlers[method] ?? (method === 'HEAD' ? handlers.GET : undefined)
    return async (request, ctx) => {
      // A static path of the table that this dynamic route receives (until its own route
      // folder exists) answers from its own row, never as an id.
      const actual = matchApiPath(new URL(request.url).pathname)
      if (path && actual !== path) return dispatch(actual, {})[method](request, ctx)
      if (method === 'OPTIONS') return preflight(request, path)
      return own ? own(request, ctx) : wrong(request, ctx)
    }
  }
  return Object.fromEntries(HTTP_METHODS.map((m) => [m, answer(m)])) as RouteExports<C>
}

// A handler that ignores its context is inferred as taking `never`; it takes anything.
type CtxOf<H> = H[keyof H] extends Handler<infer C> ? ([C] extends [never] ? unknown : C) : unknown

/**
 * The exports of the route file serving `path`: one handler per built method of its row, no
 * more and no fewer (the typecheck holds the file to the table).
 */
export function apiRoute<P extends ApiPath, H extends Record<MethodsOf<P>, Handler<never>>>(
  path: P,
  handlers: H & NoInfer<Record<Exclude<keyof H, MethodsOf<P>>, never>>,
): RouteExports<CtxOf<H>> {
  return dispatch(path, handlers as Partial<Record<HttpMethod, Handler<CtxOf<H>>>>)
}

/** The exports of the catch-all route: a JSON 404 for every method, and the preflight. */
export function unknownApiRoute(): RouteExports<unknown> {
  return dispatch<unknown>(undefined, {})
}

const PROBE_METHODS = 'GET, HEAD'

/**
 * The exports of a route outside /api/v1 that only answers GET (the health and readiness
 * probes): HEAD is its GET without the body, OPTIONS says what is allowed, and any other method
 * gets the same JSON 405 with `Allow` as the API's routes (Next would answer an empty 405).
 */
export function getOnlyRoute(get: () => Promise<Response> | Response): RouteExports<unknown> {
  const wrong: Handler<unknown> = async (request) =>
    errorResponse(
      new AppError(
        'METHOD_NOT_ALLOWED',
        `${request.method} is not allowed here; use ${PROBE_METHODS}`,
        undefined,
        {
          Allow: PROBE_METHODS,
        },
      ),
    )
  const exports = Object.fromEntries(HTTP_METHODS.map((m) => [m, wrong])) as RouteExports<unknown>
  exports.GET = async () => get()
  exports.HEAD = async () => {
    const response = await get()
    return new Response(null, { status: response.status, headers: response.headers })
  }
  exports.OPTIONS = async () =>
    new Response(null, { status: 204, headers: { Allow: PROBE_METHODS } })
  return exports
}
