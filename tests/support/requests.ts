import { newSession, sealSession, SESSION_COOKIE } from '@/lib/auth/session'

export const ORIGIN = 'http://localhost:3000'

/** A Request as a browser on the shop's own origin would send it. */
export function apiRequest(
  path: string,
  init: RequestInit & { cookie?: string; json?: unknown } = {},
): Request {
  const headers = new Headers(init.headers)
  if (init.cookie) headers.set('cookie', init.cookie)
  let body = init.body
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(init.json)
  }
  const method = init.method ?? 'GET'
  if (method !== 'GET' && !headers.has('origin')) headers.set('origin', ORIGIN)
  return new Request(new URL(path, ORIGIN), { ...init, method, headers, body })
}

export async function sessionCookieFor(user: { id: string; sessionVersion: number }) {
  return `${SESSION_COOKIE}=${await sealSession(newSession(user))}`
}

/** Route handlers' second argument, as Next passes it. */
export function routeContext<P extends Record<string, string | string[]>>(params: P) {
  return { params: Promise.resolve(params) }
}
