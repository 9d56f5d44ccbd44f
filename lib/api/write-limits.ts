import 'server-only'
import type { CurrentUser } from '@/lib/auth/current-user'
import { checkLimit, consumeLimit, type RateLimitName } from '@/lib/auth/rate-limit'
import type { SessionData } from '@/lib/auth/session-store'
import { clientIp, UNKNOWN_CLIENT } from './client-ip'

// The limits of what a signed-in caller writes (decision 0014): each kind counts per user and
// per address, with the figures of lib/auth/rate-limit.ts.
//
// "Per user" is per person: a demo account in demo mode is everybody's (Guest Mode signs every
// visitor in as the demo admin), so there it counts per session, that is per browser; one
// visitor then cannot use up everyone's budget, and the per-address limit still holds.
// Without a known address (`next dev`, `next start`: client-ip.ts) the per-address limit is left
// out rather than shared by everyone: one shopper could otherwise silence every other.

export const WRITE_LIMITS = {
  contact: { perUser: 'contactPerUser', perAddress: 'contactPerAddress' },
  reviews: { perUser: 'reviewsPerUser', perAddress: 'reviewsPerAddress' },
  productImages: { perUser: 'productImagesPerUser', perAddress: 'productImagesPerAddress' },
  stockAlerts: { perUser: 'stockAlertsPerUser', perAddress: 'stockAlertsPerAddress' },
  productImports: { perUser: 'productImportsPerUser', perAddress: 'productImportsPerAddress' },
} as const satisfies Record<string, { perUser: RateLimitName; perAddress: RateLimitName }>

export type WriteKind = keyof typeof WRITE_LIMITS

export type Writer = { request: Request; actor: CurrentUser; session: SessionData }

function keys(kind: WriteKind, { request, actor, session }: Writer) {
  const { perUser, perAddress } = WRITE_LIMITS[kind]
  const address = clientIp(request)
  const user = actor.demo ? `session:${session.id}` : actor.id
  return [[perUser, user], ...(address === UNKNOWN_CLIENT ? [] : [[perAddress, address]])] as [
    RateLimitName,
    string,
  ][]
}

/** Counts one write; past either limit, throws the 429 (with Retry-After). */
export async function countWrite(kind: WriteKind, writer: Writer): Promise<void> {
  for (const [name, key] of keys(kind, writer)) await consumeLimit(name, key)
}

/** Throws the 429 when a limit is used up already, without counting (before reading a body). */
export async function checkWrite(kind: WriteKind, writer: Writer): Promise<void> {
  for (const [name, key] of keys(kind, writer)) await checkLimit(name, key)
}
