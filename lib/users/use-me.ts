'use client'
import { useSyncExternalStore } from 'react'
import useSWR from 'swr'
import { SIGNED_IN_HINT_COOKIE } from '@/lib/auth/session-cookie'
import type { PublicUser } from './public-user'

// The signed-in user for client islands. Storefront pages are the same HTML for everyone (so
// they can be cached); who is looking is asked here, once, and shared by every island. Guests
// (no hint cookie) never ask, so their pages make no request that could only answer 401.

async function fetchMe(url: string): Promise<PublicUser | null> {
  const res = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (res.status === 401) return null
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`)
  const { user } = (await res.json()) as { user: PublicUser }
  return { ...user, avatar: { ...user.avatar, url: ownImagePath(user.avatar.url) } }
}

// The API answers absolute image URLs, for clients on other origins; the shop's own pages show
// its stored images by path (next/image takes no absolute URL it was not configured for).
export function ownImagePath(url: string): string {
  if (!url) return url
  const { pathname } = new URL(url, window.location.origin)
  return pathname.startsWith('/media/') ? pathname : url
}

const hasHint = () =>
  document.cookie.split(';').some((c) => c.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`))
// No subscription: the hint changes only with a login, verify, reset or logout answer, and each
// of those navigates; the islands read the cookie again as they render for the new path
// (lib/users/session-events.ts fills the cache first).
const noSubscription = () => () => {}

export function useMe() {
  // null while hydrating (the server cannot know), then what the browser's cookies say.
  const hinted = useSyncExternalStore<boolean | null>(noSubscription, hasHint, () => null)
  const { data, isLoading, mutate } = useSWR(hinted ? '/api/v1/me' : null, fetchMe, {
    revalidateOnFocus: true,
    shouldRetryOnError: false,
  })
  return {
    user: data ?? null,
    isLoading: hinted === null || (hinted && isLoading),
    refresh: mutate,
  }
}
