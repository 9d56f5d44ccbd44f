import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Role } from '@/lib/enums'
import { env } from '@/lib/env'
import { DEVICE_COOKIE, SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from './session-cookie'
import { sealRemembered, unsealCached } from './unseal-cache'

export { SESSION_COOKIE }

// The session cookie is sealed (encrypted and signed) by iron-session and holds one thing: the
// session's secret, 32 random bytes. The `sessions` table keeps only its SHA-256 beside the user,
// the device and the times (lib/auth/session-store.ts), and decides on every request whether the
// session still counts: a row that is gone (logout, "log out everywhere", a password change) is
// signed out at once, on every app host. A session ends 30 days after it began (absolute
// lifetime) or after 7 days without use (idle lifetime), whichever comes first; use moves its
// "last seen" on, at most once every 5 minutes (see `touchAfterSeconds`).

export const SESSION_LIFETIME = {
  absoluteSeconds: 60 * 60 * 24 * 30,
  idleSeconds: 60 * 60 * 24 * 7,
  // "Last seen" is written at most this often per session, not on every request: the device list
  // needs it to the minute, not the second, and the idle lifetime to the day; a write per request
  // (each storefront page load asks /api/v1/me) would turn every read of a busy shop into a write.
  touchAfterSeconds: 5 * 60,
} as const

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

/** A new session secret: 256 random bits. */
export const newSessionToken = () => randomBytes(32).toString('base64url')

/** What the `sessions` table keeps of a secret. */
export const sessionTokenHash = (token: string) =>
  createHash('sha256').update(token).digest('base64url')

const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** The secret held by a cookie value; null when missing, forged, unreadable or too old. */
export async function readSessionToken(cookieValue: string | undefined): Promise<string | null> {
  if (!cookieValue) return null
  try {
    const data = await unsealCached<{ sid?: unknown }>(cookieValue, {
      password: sessionSecret(),
      ttl: SESSION_LIFETIME.absoluteSeconds,
    })
    return typeof data.sid === 'string' && TOKEN.test(data.sid) ? data.sid : null
  } catch {
    return null
  }
}

/** The cookie value for a session secret, as the login route sets it. */
export function sealSession(token: string, password = sessionSecret()) {
  return sealRemembered({ sid: token }, { password, ttl: SESSION_LIFETIME.absoluteSeconds })
}

function cookieAttributes(
  maxAge: number,
  { secure, crossSite = false }: CookieOptions,
  httpOnly: boolean,
): string {
  // Cross-site (CROSS_SITE_COOKIES, decision 0015): sent with a client's requests from another
  // site too. Browsers take SameSite=None only with Secure; Partitioned keeps the cookie to that
  // client's site (CHIPS), which is how browsers that block third-party cookies still take it.
  const site = crossSite ? 'SameSite=None; Max-Age=' : 'SameSite=Lax; Max-Age='
  const tail = crossSite ? '; Secure; Partitioned' : secure ? '; Secure' : ''
  return `Path=/;${httpOnly ? ' HttpOnly;' : ''} ${site}${maxAge}${tail}`
}

/**
 * secure: the Secure attribute (the origin is https, lib/api/origin.ts). crossSite: the cookies
 * of a client on another site (SameSite=None; Secure; Partitioned), set and cleared alike.
 */
export type CookieOptions = { secure: boolean; crossSite?: boolean }

/** Seconds a session begun at `createdAt` has left of its absolute lifetime. */
export function secondsLeft(createdAt: Date): number {
  const age = Math.floor((Date.now() - createdAt.getTime()) / 1000)
  return Math.max(0, SESSION_LIFETIME.absoluteSeconds - age)
}

/** The readable hint (see session-cookie.ts), valid as long as the session can be. */
export function hintSetCookie(role: Role, maxAge: number, options: CookieOptions): string {
  return `${SIGNED_IN_HINT_COOKIE}=${role}; ${cookieAttributes(maxAge, options, false)}`
}

/**
 * Set-Cookie header values that sign a user in: the sealed session secret and its readable
 * hint, whose value is the role (what the proxy and the menus may show; it grants nothing). Both
 * last the session's absolute lifetime; the idle one is the server's to enforce.
 */
export async function sessionSetCookies(
  token: string,
  role: Role,
  options: CookieOptions,
  maxAge: number = SESSION_LIFETIME.absoluteSeconds,
): Promise<string[]> {
  return [
    `${SESSION_COOKIE}=${await sealSession(token)}; ${cookieAttributes(maxAge, options, true)}`,
    hintSetCookie(role, maxAge, options),
  ]
}

/**
 * The Set-Cookie header value of a device cookie (lib/auth/device-cookie.ts): the session
 * cookies' attributes (HttpOnly, SameSite, Secure as the origin says), for `maxAge` seconds.
 * Logging out leaves it: the browser stays one that has signed in before.
 */
export function deviceSetCookie(value: string, maxAge: number, options: CookieOptions): string {
  return `${DEVICE_COOKIE}=${value}; ${cookieAttributes(maxAge, options, true)}`
}

/** Set-Cookie header values that remove both cookies. */
export function sessionClearCookies(options: CookieOptions): string[] {
  // The same attributes as when set: a partitioned cookie is only removed by a partitioned one.
  return [
    `${SESSION_COOKIE}=; ${cookieAttributes(0, options, true)}`,
    `${SIGNED_IN_HINT_COOKIE}=; ${cookieAttributes(0, options, false)}`,
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
