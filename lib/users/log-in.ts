import 'server-only'
import { eq, sql } from 'drizzle-orm'
import { AppError } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { maySignIn } from '@/lib/auth/demo-accounts'
import { hashPassword, verifyPassword } from '@/lib/auth/password'
import type { LoginInput } from '@/lib/auth/schemas'
import { getDb } from '@/lib/db/client'
import { PREPARED, preparedOnce } from '@/lib/db/prepared'
import { users } from '@/lib/db/schema'

export const BAD_LOGIN = 'Invalid email or password'
export const UNVERIFIED_LOGIN =
  'Please verify your e-mail address first: open the link we sent you, or ask for a new one.'

const userByEmail = preparedOnce((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .limit(1)
    .prepare(PREPARED),
)

// A hash of a password nobody has, made once: an unknown address is checked against it, so it
// costs the same argon2 work as a known one and the answer's timing does not tell them apart.
let dummyHash: Promise<string> | undefined

/**
 * The account of an e-mail and password. One 401 for an unknown address and a wrong password;
 * only the right password of an unverified account learns (403) that it must be verified first.
 * A demo account outside demo mode gets that same 401 after the same argon2 work, right password
 * or not: nothing tells it apart from a wrong password.
 */
export async function logIn({ email, password }: LoginInput): Promise<CurrentUser> {
  const [user] = await userByEmail(await getDb()).execute({ email })
  dummyHash ??= hashPassword('no account has this password; checking it only takes the time')
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash), password)
  if (!user || !matches || !maySignIn(user)) throw new AppError('UNAUTHENTICATED', BAD_LOGIN)
  if (!user.verified) throw new AppError('FORBIDDEN', UNVERIFIED_LOGIN)
  return user
}
