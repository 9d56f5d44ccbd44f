import 'server-only'
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { checkLimit, consumeLimit, resetLimit, type RateLimitName } from './rate-limit'
import { cookieFrom, deviceSetCookie, sessionSecret, type CookieOptions } from './session'
import { DEVICE_COOKIE } from './session-cookie'
import { sealRemembered, unsealCached } from './unseal-cache'

// Device cookies against lockouts (OWASP, "Slow Brute Force Protection Using Device Cookies";
// decision 0014). Failed password checks of an account count against one of two budgets:
//  - a browser holding a device cookie of that account (set by every sign-in: login, a mailed
//    link, a password change or reset) spends its own, keyed by the cookie's random id;
//  - every other browser spends the account's, shared by all of them.
// Ten failures from elsewhere lock the account for other browsers only: its owner, on a browser
// that signed in before, still signs in. A cookie's own failures lock that cookie, so a stolen
// one is worth ten guesses, not more. The cookie is sealed by iron-session with the session
// secret (encrypted and signed): a forged, altered or expired one is no cookie at all, and one
// of another account counts as none. Every sign-in issues a fresh one (a new id and budget).

/** How long a browser counts as one that signed in before: a year after its last sign-in. */
export const DEVICE_LIFETIME_SECONDS = 60 * 60 * 24 * 365

type Sealed = { kind?: unknown; uid?: unknown; dev?: unknown }
type Device = { userId: string; id: string }

const ID = /^[A-Za-z0-9_-]{24}$/

/** The Set-Cookie header value of a new device cookie for the account `userId`. */
export async function newDeviceCookie(userId: string, options: CookieOptions): Promise<string> {
  const sealed = await sealRemembered(
    { kind: 'device', uid: userId, dev: randomBytes(18).toString('base64url') },
    { password: sessionSecret(), ttl: DEVICE_LIFETIME_SECONDS },
  )
  return deviceSetCookie(sealed, DEVICE_LIFETIME_SECONDS, options)
}

/** The device cookie of a request; null when missing, forged, unreadable or too old. */
export async function readDevice(request: Request): Promise<Device | null> {
  const value = cookieFrom(request.headers.get('cookie'), DEVICE_COOKIE)
  if (!value) return null
  try {
    const data = await unsealCached<Sealed>(value, {
      password: sessionSecret(),
      ttl: DEVICE_LIFETIME_SECONDS,
    })
    if (data.kind !== 'device' || typeof data.uid !== 'string' || typeof data.dev !== 'string') {
      return null
    }
    return ID.test(data.dev) ? { userId: data.uid, id: data.dev } : null
  } catch {
    return null
  }
}

/** The failures a password check of one account spends (see above). */
export type FailureBudget = { name: RateLimitName; key: string }

/**
 * The budget of this request's password check for the account of `email` (its id when known;
 * looked up only when the request holds a device cookie at all).
 */
export async function failureBudget(
  request: Request,
  account: { email: string; id?: string },
): Promise<FailureBudget> {
  const device = await readDevice(request)
  if (device) {
    let id = account.id
    if (id === undefined) {
      const db = await getDb()
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, account.email))
        .limit(1)
      id = row?.id
    }
    if (id === device.userId) return { name: 'loginFailuresPerDevice', key: device.id }
  }
  return { name: 'loginFailuresPerAccount', key: account.email }
}

/**
 * Runs a password check within its budget: refused (429) while the budget is used up; a wrong
 * password (`isWrong` of what the check threw) spends one failure; success forgets the failures
 * of this budget only (the owner's sign-in does not give guesses elsewhere a fresh start).
 */
export async function withinBudget<T>(
  budget: FailureBudget,
  check: () => Promise<T>,
  isWrong: (error: unknown) => boolean,
): Promise<T> {
  const counted = await checkLimit(budget.name, budget.key)
  let result: T
  try {
    result = await check()
  } catch (error) {
    if (isWrong(error)) await consumeLimit(budget.name, budget.key)
    throw error
  }
  // No failures were counted when the check began: nothing to forget, and no round trip for it
  // (a failure counted meanwhile, by a guess elsewhere, stays counted).
  if (counted) await resetLimit(budget.name, budget.key)
  return result
}
