import { sealSession, SESSION_COOKIE } from '@/lib/auth/session'
import { startSession } from '@/lib/auth/session-store'
import { getDb } from '@/lib/db/client'

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

/** The Cookie header of a new session of `user` (a real row, as a login makes one). */
export async function sessionCookieFor(user: { id: string }, userAgent = 'vitest') {
  const { token } = await startSession(await getDb(), { userId: user.id, userAgent })
  return `${SESSION_COOKIE}=${await sealSession(token)}`
}

/** Route handlers' second argument, as Next passes it. */
export function routeContext<P extends Record<string, string | string[]>>(params: P) {
  return { params: Promise.resolve(params) }
}
