import 'server-only'
import { unsealData } from 'iron-session'
import { LRUCache } from 'lru-cache'
import { sealIron } from './iron-crypto'

// The cookies this process has unsealed (the session's and the device's, both sealed by
// iron-session), with what they hold, until the seal's own expiry. Unsealing is PBKDF2, HMAC and
// AES through WebCrypto: about 7 % of the server's main thread under the mixed bench, and a
// signed-in browser sends the same value with every request (each storefront page asks
// /api/v1/me). A value is the same bytes for as long as it lives, so its answer is too:
//  - only values that unsealed are kept (their HMAC held, so the expiry read from them is the one
//    they were sealed with); a forged or expired value is unsealed, and refused, every time;
//  - an entry counts for the password it was unsealed with only, and ends at the seal's expiry,
//    which is no later than iron-session itself would accept it (it allows 60 s of clock skew);
//  - a value this process seals itself is kept as it is made (sealRemembered), with the data it
//    was made from: its first request after a sign-in then skips the unsealing too (one PBKDF2
//    pair fewer per sign-in, on the path every order takes);
//  - whether the session still counts is decided elsewhere on every request (its row in the
//    `sessions` table, lib/auth/session-store.ts): this only skips the cryptography.

/** Entries kept at most: about 300 bytes each, a few megabytes in all. */
const MAX_ENTRIES = 10_000

type Entry = { password: string; expiresAt: number; data: Readonly<Record<string, unknown>> }

// The least recently used values go first when it is full; each also goes at its seal's expiry.
const unsealed = new LRUCache<string, Entry>({ max: MAX_ENTRIES })

/** The expiry written in a seal (ms since the epoch), or undefined when it has none. */
function expiryOf(seal: string): number | undefined {
  const expiration = seal.split('~')[0]!.split('*')[5]
  return expiration && /^\d+$/.test(expiration) ? Number(expiration) : undefined
}

/** iron-session's unsealData, remembered per value until the seal expires. */
export async function unsealCached<T extends Record<string, unknown>>(
  seal: string,
  options: { password: string; ttl: number },
): Promise<Partial<T>> {
  const now = Date.now()
  const kept = unsealed.get(seal)
  if (kept && kept.password === options.password && kept.expiresAt > now) {
    return kept.data as Partial<T>
  }
  const data = (await unsealData<T>(seal, options)) as Partial<T>
  remember(seal, options.password, data, now)
  return data
}

/** Keeps `data` as what `seal` unseals to, with the password, until the seal's expiry. */
function remember(seal: string, password: string, data: Record<string, unknown>, now: number) {
  const expiresAt = expiryOf(seal)
  if (expiresAt === undefined || expiresAt <= now || Object.keys(data).length === 0) return
  unsealed.set(
    seal,
    { password, expiresAt, data: Object.freeze({ ...data }) },
    { ttl: expiresAt - now },
  )
}

/**
 * iron-session's sealData (its format, sealed by lib/auth/iron-crypto.ts), whose value is then
 * known as unsealCached would learn it: what it unseals to is the data it was sealed from (a JSON
 * round trip of it, which is the same for the plain strings the shop seals).
 */
export async function sealRemembered(
  data: Record<string, string>,
  options: { password: string; ttl: number },
): Promise<string> {
  const seal = await sealIron(data, options)
  remember(seal, options.password, data, Date.now())
  return seal
}

/** How many values are kept (tests). */
export const unsealedCount = () => unsealed.size
