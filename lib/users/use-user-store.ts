'use client'
import { create } from 'zustand'
import { ACCOUNT_FLAG_NAMES, type AccountFlag } from './account-flags'
import type { PublicUser } from './public-user'

// The user store of docs/product.md "Data the screens show". Who is signed in has one source of
// truth, useMe() (SWR on /api/v1/me, shared with the top bar); `user` and `isAuthenticated`
// mirror it (UserStoreSync is their one writer besides logout's reset). The store's own state is
// the one-shot flags.
//
// Read it in effects, event handlers and client rendering only: on the server this module is
// shared by every request.

export const DEFAULT_USER: PublicUser = {
  _id: '',
  name: '',
  email: '',
  role: 'user',
  avatar: { url: '', public_id: '' },
}

const NO_FLAGS = Object.fromEntries(ACCOUNT_FLAG_NAMES.map((f) => [f, false])) as Record<
  AccountFlag,
  boolean
>

export type UserStore = {
  user: PublicUser
  isAuthenticated: boolean
  flags: Record<AccountFlag, boolean>
  /** Where a raised loginDone flag goes (a same-site path), null for home. */
  returnTo: string | null
  /** useMe() answered: the user, or null for nobody. */
  setUser: (user: PublicUser | null) => void
  raise: (flag: AccountFlag, returnTo?: string | null) => void
  clear: (flag: AccountFlag) => void
  /** Logout: the default user, nothing pending. */
  reset: () => void
}

export const useUserStore = create<UserStore>()((set) => ({
  user: DEFAULT_USER,
  isAuthenticated: false,
  flags: NO_FLAGS,
  returnTo: null,
  setUser: (user) =>
    set((s) =>
      user === null
        ? s.isAuthenticated
          ? { user: DEFAULT_USER, isAuthenticated: false }
          : s
        : { user, isAuthenticated: true },
    ),
  raise: (flag, returnTo = null) =>
    set((s) => ({ flags: { ...s.flags, [flag]: true }, returnTo: returnTo ?? s.returnTo })),
  clear: (flag) =>
    set((s) =>
      s.flags[flag]
        ? {
            flags: { ...s.flags, [flag]: false },
            returnTo: flag === 'loginDone' ? null : s.returnTo,
          }
        : s,
    ),
  reset: () => set({ user: DEFAULT_USER, isAuthenticated: false, flags: NO_FLAGS, returnTo: null }),
}))
