import 'server-only'
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import { AppError } from '@/lib/api/errors'
import { getDatabase } from '@/lib/db/client'
import type { DbHandle } from '@/lib/db/open'

// Rate limits of the account endpoints (SECURITY.md 10), counted by rate-limiter-flexible. On
// PostgreSQL the counters live in the shared `rate_limits` table, so every app process counts
// together; on the embedded database (one process by construction) they live in memory.
//
// Each limit allows `points` requests per `duration` seconds for one key (an address, an
// account, a user); past that, requests answer 429 with Retry-After for `blockDuration` seconds
// (or until the window ends). Logins count every attempt per address (each costs an argon2
// hash, the expensive part of a guessing attack) and only failures per account, which a
// successful login forgets.

const MINUTE = 60
const HOUR = 60 * MINUTE

export const RATE_LIMITS = {
  loginPerAddress: { points: 30, duration: 15 * MINUTE },
  loginFailuresPerAccount: { points: 10, duration: 15 * MINUTE, blockDuration: 15 * MINUTE },
  registerPerAddress: { points: 10, duration: HOUR },
  forgotPerAddress: { points: 10, duration: HOUR },
  forgotPerAccount: { points: 3, duration: HOUR },
  resendPerAddress: { points: 10, duration: HOUR },
  resendPerAccount: { points: 3, duration: HOUR },
  resetPerAddress: { points: 10, duration: 15 * MINUTE },
  guestPerAddress: { points: 30, duration: HOUR },
  uploadsPerUser: { points: 20, duration: HOUR },
} as const

export type RateLimitName = keyof typeof RATE_LIMITS

const stores = new WeakMap<DbHandle, Map<RateLimitName, RateLimiterAbstract>>()

function create(handle: DbHandle, name: RateLimitName): RateLimiterAbstract {
  const options = { keyPrefix: name, ...RATE_LIMITS[name] }
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

function tooMany(msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000))
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`
  return new AppError(429, `Too many attempts. Please try again in ${wait}.`, undefined, {
    'Retry-After': String(seconds),
  })
}

// Keys are bounded: an attacker-chosen e-mail must not make a key longer than the column.
const keyOf = (key: string) => key.slice(0, 200)

/** Counts one request against a limit; past it, throws the 429. */
export async function consumeLimit(name: RateLimitName, key: string): Promise<void> {
  try {
    await (await limiter(name)).consume(keyOf(key))
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext)
    throw error
  }
}

/** Throws the 429 when a limit is already used up, without counting this request. */
export async function checkLimit(name: RateLimitName, key: string): Promise<void> {
  const res = await (await limiter(name)).get(keyOf(key))
  if (res && res.remainingPoints <= 0 && res.msBeforeNext > 0) {
    throw tooMany(res.msBeforeNext)
  }
}

/** Forgets the count of a key (a successful login forgets its account's failures). */
export async function resetLimit(name: RateLimitName, key: string): Promise<void> {
  await (await limiter(name)).delete(keyOf(key))
}
