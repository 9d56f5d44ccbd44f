'use client'
import { mutate } from 'swr'
import { clearShippingDrafts } from '@/lib/cart/shipping-draft'
import type { PublicUser } from './public-user'
import { ownImagePath } from './use-me'
import { useUserStore } from './use-user-store'

// After an answer that set or cleared the session cookies: every island (top bar avatar, menu,
// account screens) learns it now, without a reload and without asking /api/v1/me again. The
// caller then navigates, and useMe() reads the (changed) hint cookie as the islands re-render.

/** The key of useMe()'s SWR cache: what the top bar and every other island read. */
export const ME_KEY = '/api/v1/me'

/** Login, Guest Mode, verify, reset or a profile update answered with this user. */
export async function signedIn(user: PublicUser) {
  // As useMe() keeps it: the shop's own avatars by path.
  const own = { ...user, avatar: { ...user.avatar, url: ownImagePath(user.avatar.url) } }
  await mutate(ME_KEY, own, { revalidate: false })
  useUserStore.getState().setUser(own)
}

/** Logout answered: nobody is signed in here any more; the saved shipping address goes too. */
export async function signedOut() {
  try {
    localStorage.removeItem('shippingData')
  } catch {
    // Storage may be unavailable (private mode, a blocked origin): nothing was saved then.
  }
  clearShippingDrafts()
  useUserStore.getState().reset()
  await mutate(ME_KEY, null, { revalidate: false })
}
