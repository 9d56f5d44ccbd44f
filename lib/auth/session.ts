import 'server-only'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sealData, unsealData } from 'iron-session'
import { env } from '@/lib/env'
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from './session-cookie'

export { SESSION_COOKIE }

// The session cookie is sealed (encrypted and signed) by iron-session and holds only the user id
// and the user's session version; the version in the database decides whether it still counts.

const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7

export type SessionData = { uid?: string; sv?: number }

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

function cookieAttributes(maxAge: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${env().cookieSecure ? '; Secure' : ''}`
}

/** The session held by a cookie value; empty when missing, forged, expired or unreadable. */
export async function readSession(cookieValue: string | undefined): Promise<SessionData> {
  if (!cookieValue) return {}
  try {
    const data = await unsealData<SessionData>(cookieValue, {
      password: sessionSecret(),
      ttl: SESSION_TTL_SECONDS,
    })
    return typeof data.uid === 'string' && typeof data.sv === 'number' ? data : {}
  } catch {
    return {}
  }
}

/** The cookie value for a user, as the login route sets it; tests use it directly. */
export function sealSession(data: Required<SessionData>, password = sessionSecret()) {
  return sealData(data, { password, ttl: SESSION_TTL_SECONDS })
}

/** Set-Cookie header values that sign this user in (the session and its readable hint). */
export async function sessionSetCookies(data: Required<SessionData>): Promise<string[]> {
  return [
    `${SESSION_COOKIE}=${await sealSession(data)}; ${cookieAttributes(SESSION_TTL_SECONDS)}`,
    `${SIGNED_IN_HINT_COOKIE}=1; ${cookieAttributes(SESSION_TTL_SECONDS).replace('HttpOnly; ', '')}`,
  ]
}

/** Set-Cookie header values that remove both cookies. */
export function sessionClearCookies(): string[] {
  return [
    `${SESSION_COOKIE}=; ${cookieAttributes(0)}`,
    `${SIGNED_IN_HINT_COOKIE}=; ${cookieAttributes(0).replace('HttpOnly; ', '')}`,
  ]
}

/** The session cookie's value in a request's Cookie header. */
export function sessionCookieFrom(cookieHeader: string | null): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim()
  }
  return undefined
}
