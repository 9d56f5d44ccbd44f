import 'server-only'
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import { AppError } from '@/lib/errors'
import { getDatabase } from '@/lib/db/client'
import type { DbHandle } from '@/lib/db/open'

// Rate limits (docs/security.md "10. Rate limits on everything that can be guessed or flooded")
// of the account endpoints and of the writes a signed-in caller makes (contact messages, reviews,
// product pictures, back-in-stock alerts: decision 0014), counted by rate-limiter-flexible. On
// PostgreSQL the counters live in the shared `rate_limits` table, so every app process counts
// together; on the embedded database (one process by construction) they live in memory. Every figure is here, in this one
// table (README "Limits").
//
// Each limit allows `points` requests per `duration` seconds for one key (an address, an
// account, a user, a device); past that, requests answer 429 with Retry-After for
// `blockDuration` seconds (or until the window ends), and a message naming `what` was too many.
// Logins count every attempt per address (each costs an argon2 hash, the expensive part of a
// guessing attack) and only failures per account, which a successful login forgets. A browser
// that signed in to an account before has its own budget of failures instead (its device
// cookie, lib/auth/device-cookie.ts), so guesses from elsewhere cannot lock its owner out.
// A password change checks the current password as a login does, in the same budgets of
// failures (its attempts per address have a limit of their own).

const MINUTE = 60
const HOUR = 60 * MINUTE

type Limit = { points: number; duration: number; blockDuration?: number; what?: string }

export const RATE_LIMITS = {
  loginPerAddress: { points: 30, duration: 15 * MINUTE },
  // Failures of browsers without a device cookie of the account, together.
  loginFailuresPerAccount: { points: 10, duration: 15 * MINUTE, blockDuration: 15 * MINUTE },
  // Failures of one browser holding a device cookie of the account (keyed by that cookie).
  loginFailuresPerDevice: { points: 10, duration: 15 * MINUTE, blockDuration: 15 * MINUTE },
  registerPerAddress: { points: 10, duration: HOUR },
  forgotPerAddress: { points: 10, duration: HOUR },
  forgotPerAccount: { points: 3, duration: HOUR },
  resendPerAddress: { points: 10, duration: HOUR },
  resendPerAccount: { points: 3, duration: HOUR },
  resetPerAddress: { points: 10, duration: 15 * MINUTE },
  guestPerAddress: { points: 30, duration: HOUR },
  uploadsPerUser: { points: 20, duration: HOUR },
  // Every password change (each checks the current password, an argon2 hash as a login).
  passwordChangePerAddress: { points: 30, duration: 15 * MINUTE },
  // Writes of signed-in callers. Per user: what one shopper never reaches; per address: a few
  // shoppers behind one address (an office, a carrier's shared address) side by side.
  contactPerUser: { points: 5, duration: 10 * MINUTE, what: 'messages' },
  contactPerAddress: { points: 20, duration: 10 * MINUTE, what: 'messages' },
  // Adding and editing count alike.
  reviewsPerUser: { points: 10, duration: HOUR, what: 'reviews' },
  reviewsPerAddress: { points: 60, duration: HOUR, what: 'reviews' },
  // Saves of a product that carry pictures (1 to 8 each).
  productImagesPerUser: { points: 60, duration: MINUTE, what: 'picture uploads' },
  productImagesPerAddress: { points: 120, duration: MINUTE, what: 'picture uploads' },
  // 'Notify me' on a sold-out product and taking it back count alike: a shopper clicks a few
  // times; a script toggling one or subscribing to every product stops here.
  stockAlertsPerUser: { points: 30, duration: 10 * MINUTE, what: 'back-in-stock requests' },
  stockAlertsPerAddress: { points: 120, duration: 10 * MINUTE, what: 'back-in-stock requests' },
  // Product imports, dry runs included (each reads up to 10,000 rows): a shop owner checking
  // and fixing a file a few times, then applying it, stays well within.
  productImportsPerUser: { points: 30, duration: HOUR, what: 'imports' },
  productImportsPerAddress: { points: 60, duration: HOUR, what: 'imports' },
} as const satisfies Record<string, Limit>

export type RateLimitName = keyof typeof RATE_LIMITS

const stores = new WeakMap<DbHandle, Map<RateLimitName, RateLimiterAbstract>>()

function create(handle: DbHandle, name: RateLimitName): RateLimiterAbstract {
  const { points, duration, blockDuration }: Limit = RATE_LIMITS[name]
  const options = { keyPrefix: name, points, duration, blockDuration }
  if (handle.pool) {
    return new RateLimiterPostgres({
      ...options,
      storeClient: handle.pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      // Created by the migrations (drizzle/0004), where no two processes race to create it.
      tableCreated: true,
    })
  }
  return new RateLimiterMemory(options)
}

async function limiter(name: RateLimitName): Promise<RateLimiterAbstract> {
  const handle = await getDatabase()
  let byName = stores.get(handle)
  if (!byName) stores.set(handle, (byName = new Map()))
  let found = byName.get(name)
  if (!found) byName.set(name, (found = create(handle, name)))
  return found
}

function tooMany(name: RateLimitName, msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000))
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`
  const { what = 'attempts' }: Limit = RATE_LIMITS[name]
  return new AppError('RATE_LIMITED', `Too many ${what}. Please try again in ${wait}.`, undefined, {
    'Retry-After': String(seconds),
  })
}

// Keys are bounded: an attacker-chosen e-mail must not make a key longer than the column.
const keyOf = (key: string) => key.slice(0, 200)

/**
 * Runs a limiter's call outside the request (scripts/detached-scope.mjs). The embedded engine's
 * limiter keeps each key with a timer for the limit's duration (15 minutes for logins), and a
 * timer made inside the request would keep the request, its response and its socket alive that
 * long. Outside the production server (tests, `next dev`) the call runs as it is.
 */
function outsideRequest<T>(call: () => T): T {
  const detached = globalThis.__shopDetached
  return detached ? detached(call) : call()
}

/** Counts one request against a limit; past it, throws the 429. */
export async function consumeLimit(name: RateLimitName, key: string): Promise<void> {
  try {
    const found = await limiter(name)
    await outsideRequest(() => found.consume(keyOf(key)))
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooMany(name, error.msBeforeNext)
    throw error
  }
}

/**
 * Throws the 429 when a limit is already used up, without counting this request. Answers whether
 * the key has a count at all (nothing to forget otherwise: resetLimit can be skipped).
 */
export async function checkLimit(name: RateLimitName, key: string): Promise<boolean> {
  const found = await limiter(name)
  const res = await outsideRequest(() => found.get(keyOf(key)))
  if (res && res.remainingPoints <= 0 && res.msBeforeNext > 0) {
    throw tooMany(name, res.msBeforeNext)
  }
  return res !== null && res.consumedPoints > 0
}

/** Forgets the count of a key (a successful login forgets its account's failures). */
export async function resetLimit(name: RateLimitName, key: string): Promise<void> {
  const found = await limiter(name)
  await outsideRequest(() => found.delete(keyOf(key)))
}
