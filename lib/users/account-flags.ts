'use client'
import { ROUTES } from '@/lib/routes'

// The one-shot flags of the account screens (docs/product.md "Account screens"): each, once
// raised, shows its toast (the texts of docs/product.md "Toast catalogue") and goes to its page,
// then clears. A pure table, so the account watcher
// (app/(account)/_components/user-store-sync.tsx) and its tests read the same thing.

export const ACCOUNT_FLAGS = {
  /** Login or Guest Mode succeeded: back to where the visitor came from. */
  loginDone: { message: 'Login successfully', to: null },
  verified: { message: 'User account verify', to: ROUTES.home.path },
  /** The verification mail after signup. */
  emailSent: { message: 'verification link send', to: ROUTES.verifyMessage.path },
  /** The reset mail after "forgot password". */
  tokenSent: { message: 'Token sent to your email', to: ROUTES.resetMailSent.path },
  profileUpdated: { message: 'Profile updated successfully', to: ROUTES.profile.path },
  passwordUpdated: { message: 'Password updated successfully', to: ROUTES.profile.path },
  /** A reset signs the user in: home, like a verification. */
  passwordReset: { message: 'Password updated successfully', to: ROUTES.home.path },
} as const satisfies Record<string, { message: string; to: string | null }>

export type AccountFlag = keyof typeof ACCOUNT_FLAGS

export const ACCOUNT_FLAG_NAMES = Object.keys(ACCOUNT_FLAGS) as AccountFlag[]

/** What a raised flag does: its toast and its page (`returnTo` for a login, else home). */
export function flagOutcome(
  flag: AccountFlag,
  returnTo: string | null,
): { message: string; href: string } {
  const { message, to } = ACCOUNT_FLAGS[flag]
  return { message, href: to ?? returnTo ?? ROUTES.home.path }
}
