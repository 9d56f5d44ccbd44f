'use client'
import type { PublicUser } from './public-user'

// How the account screens call /api/v1: one request, one answer the form can show. The server's
// `message` is what the visitor reads (docs/product.md "Account screens"); `errors` names the
// fields it refused.

export type AccountAnswer = {
  ok: boolean
  status: number
  message: string
  user?: PublicUser
  errors?: Record<string, string>
}

export const FALLBACK_MESSAGE = 'Something went wrong'

/** The answer of a response's status and parsed body (whatever shape the body has). */
export function toAnswer(status: number, body: unknown): AccountAnswer {
  const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  const ok = status >= 200 && status < 300
  const answer: AccountAnswer = {
    ok,
    status,
    message: typeof b.message === 'string' && b.message ? b.message : ok ? '' : FALLBACK_MESSAGE,
  }
  if (ok && isUser(b.user)) answer.user = b.user
  if (!ok && b.errors && typeof b.errors === 'object') {
    const errors = Object.entries(b.errors).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    )
    if (errors.length > 0) answer.errors = Object.fromEntries(errors)
  }
  return answer
}

function isUser(u: unknown): u is PublicUser {
  if (!u || typeof u !== 'object') return false
  const { _id, name, email, role, avatar } = u as Record<string, unknown>
  return (
    typeof _id === 'string' &&
    typeof name === 'string' &&
    typeof email === 'string' &&
    (role === 'user' || role === 'admin') &&
    !!avatar &&
    typeof (avatar as { url?: unknown }).url === 'string'
  )
}

/** Sends JSON (a plain object) or multipart (FormData) to an /api/v1 path. Never throws. */
export async function accountRequest(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: Record<string, string> | FormData,
): Promise<AccountAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  let payload: BodyInit | undefined
  if (body instanceof FormData) payload = body
  else if (body) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  try {
    const res = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' })
    return toAnswer(res.status, await res.json().catch(() => null))
  } catch {
    return { ok: false, status: 0, message: FALLBACK_MESSAGE }
  }
}
