import 'server-only'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sealData, unsealData } from 'iron-session'
import type { Role } from '@/lib/catalog'
import { env } from '@/lib/env'
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from './session-cookie'

export { SESSION_COOKIE }

// The session cookie is sealed (encrypted and signed) by iron-session. It holds the user id, the
// user's session version (the version in the database decides whether the cookie still counts,
// so logout, a password change or a role change ends it on the next request), when the session
// began and when it was last used. A session ends 30 days after it began (absolute lifetime) or
// after 7 days without use (idle lifetime), whichever comes first; use within that time renews
// the idle lifetime, at most once an hour (see `needsRefresh`).

export const SESSION_LIFETIME = {
  absoluteSeconds: 60 * 60 * 24 * 30,
  idleSeconds: 60 * 60 * 24 * 7,
  refreshAfterSeconds: 60 * 60,
} as const

/** `iat` and `seen` are Unix seconds. */
export type SessionData = { uid: string; sv: number; iat: number; seen: number }

const nowSeconds = () => Math.floor(Date.now() / 1000)

let secret: string | undefined

/** SESSION_SECRET, or one generated on first use and kept in DATA_DIR (never logged). */
export function sessionSecret(): string {
  if (secret) return secret
  const e = env()
  if (e.SESSION_SECRET) return (secret = e.SESSION_SECRET)
  const file = path.join(e.dataDir, 'session-secret')
  try {
    secret = fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(e.dataDir, { recursive: true })
    try {
      fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 })
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    secret = fs.readFileSync(file, 'utf8').trim()
  }
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`)
  return secret
}

/** A new session for a user who just proved who they are. */
export function newSession(user: { id: string; sessionVersion: number }): SessionData {
  const now = nowSeconds()
  return { uid: user.id, sv: user.sessionVersion, iat: now, seen: now }
}

const isSession = (d: Partial<SessionData>): d is SessionData =>
  typeof d.uid === 'string' &&
  typeof d.sv === 'number' &&
  typeof d.iat === 'number' &&
  typeof d.seen === 'number'

/** The session held by a cookie value; null when missing, forged, unreadable or past a lifetime. */
export async function readSession(cookieValue: string | undefined): Promise<SessionData | null> {
  if (!cookieValue) return null
  let data: Partial<SessionData>
  try {
    data = await unsealData<Partial<SessionData>>(cookieValue, {
      password: sessionSecret(),
      ttl: SESSION_LIFETIME.absoluteSeconds,
    })
  } catch {
    return null
  }
  if (!isSession(data)) return null
  const now = nowSeconds()
  if (now - data.iat > SESSION_LIFETIME.absoluteSeconds) return null
  if (now - data.seen > SESSION_LIFETIME.idleSeconds) return null
  return data
}

/** Whether a session in use should be sealed again with a later `seen` (renewing its idle time). */
export function needsRefresh(session: SessionData): boolean {
  return nowSeconds() - session.seen >= SESSION_LIFETIME.refreshAfterSeconds
}

/** The cookie value for a session, as the login route sets it; tests use it directly. */
export function sealSession(data: SessionData, password = sessionSecret()) {
  return sealData(data, { password, ttl: SESSION_LIFETIME.absoluteSeconds })
}

function cookieAttributes(maxAge: number, secure: boolean, httpOnly: boolean): string {
  return `Path=/;${httpOnly ? ' HttpOnly;' : ''} SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`
}

export type CookieOptions = { secure: boolean }

/**
 * Set-Cookie header values that sign a user in: the session (renewed `seen`) and its readable
 * hint, whose value is the role (what the proxy and the menus may show; it grants nothing).
 */
export async function sessionSetCookies(
  session: SessionData,
  role: Role,
  { secure }: CookieOptions,
): Promise<string[]> {
  const now = nowSeconds()
  const renewed = { ...session, seen: now }
  const maxAge = Math.max(
    0,
    Math.min(SESSION_LIFETIME.idleSeconds, session.iat + SESSION_LIFETIME.absoluteSeconds - now),
  )
  return [
    `${SESSION_COOKIE}=${await sealSession(renewed)}; ${cookieAttributes(maxAge, secure, true)}`,
    `${SIGNED_IN_HINT_COOKIE}=${role}; ${cookieAttributes(maxAge, secure, false)}`,
  ]
}

/** Set-Cookie header values that remove both cookies. */
export function sessionClearCookies({ secure }: CookieOptions): string[] {
  return [
    `${SESSION_COOKIE}=; ${cookieAttributes(0, secure, true)}`,
    `${SIGNED_IN_HINT_COOKIE}=; ${cookieAttributes(0, secure, false)}`,
  ]
}

/** A cookie's value in a request's Cookie header. */
export function cookieFrom(cookieHeader: string | null, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

/** The session cookie's value in a request's Cookie header. */
export function sessionCookieFrom(cookieHeader: string | null): string | undefined {
  return cookieFrom(cookieHeader, SESSION_COOKIE)
}
