'use client'
import useSWR from 'swr'
import type { PublicUser } from './public-user'

// The signed-in user for client islands. Storefront pages are the same HTML for everyone (so
// they can be cached); who is looking is asked here, once, and shared by every island.
async function fetchMe(url: string): Promise<PublicUser | null> {
  const res = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (res.status === 401) return null
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`)
  const body = (await res.json()) as { user: PublicUser }
  return body.user
}

export function useMe() {
  const { data, isLoading, mutate } = useSWR('/api/v1/me', fetchMe, {
    revalidateOnFocus: true,
    shouldRetryOnError: false,
  })
  return { user: data ?? null, isLoading, refresh: mutate }
}
