import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/open'
import { userTokens } from '@/lib/db/schema'

// One-use tokens for the e-mailed links: 32 random bytes (256 bits), sent only in the link and
// stored only as their SHA-256, so a copy of the database opens no account. Consuming one is a
// single conditional UPDATE, so two clicks at once cannot both use it.

export type TokenKind = 'verify' | 'reset'

export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 30 * 60 * 1000,
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

type Tx = Pick<Db, 'insert' | 'update'>

/** A new token of this kind for the user; the user's older ones of the kind stop working. */
export async function issueToken(db: Tx, userId: string, kind: TokenKind): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)))
  await db.insert(userTokens).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[kind]),
  })
  return token
}

/** Uses a token up; the user id it was for, or null for an unknown, used or expired one. */
export async function consumeToken(db: Tx, token: string, kind: TokenKind): Promise<string | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: userTokens.userId })
  return row?.userId ?? null
}
