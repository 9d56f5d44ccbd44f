import 'server-only'
import { eq } from 'drizzle-orm'
import { AppError } from '@/lib/errors'
import { assertUncommonPassword } from '@/lib/auth/common-passwords'
import type { CurrentUser } from '@/lib/auth/current-user'
import { hashPassword } from '@/lib/auth/password'
import { RegisterSchema } from '@/lib/auth/schemas'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'

// The first real admin of a shop, from a terminal (`npm run admin -- create`, scripts/admin.ts):
// the way from the demo to a live shop that needs no demo mode at any step. The rules are
// signup's (name, e-mail, password length, no common password); the account is verified (the
// operator vouches for the address), an admin, and never a demo account.

export const accountExists = (email: string) =>
  `An account with ${email} already exists. To make it an admin: npm run admin -- promote --email ${email}`

/** The account of an e-mail (as signup normalises it), if any. */
export async function findAccount(email: string): Promise<CurrentUser | undefined> {
  const db = await getDb()
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return user
}

type NewAdmin = { name: string; email: string; password: string }

/** What signup would refuse, refused the same way (ZodError, or AppError 400); else the input. */
export function checkNewAdmin(fields: NewAdmin): NewAdmin {
  const input = RegisterSchema.parse(fields)
  assertUncommonPassword(input.password, 'password')
  return input
}

/** Creates a verified admin (checkNewAdmin's rules first); 409 when the address is taken. */
export async function createAdmin(fields: NewAdmin): Promise<CurrentUser> {
  const input = checkNewAdmin(fields)
  const passwordHash = await hashPassword(input.password)
  const db = await getDb()
  const [created] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email,
      passwordHash,
      role: 'admin',
      verified: true,
      demo: false,
    })
    .onConflictDoNothing({ target: users.email })
    .returning()
  if (!created) throw new AppError('CONFLICT', accountExists(input.email))
  return created
}
