'use client'
import Link from 'next/link'
import { loginHref } from '@/lib/paths'
import { usePathname } from 'next/navigation'
import { Avatar } from '@/components/ui/avatar'
import { UserIcon } from '@/components/ui/icons'
import { useMe } from '@/lib/users/use-me'

/** Login link for guests, the avatar (to the profile) for signed-in users. */
export function UserSlot() {
  const { user, isLoading } = useMe()
  const pathname = usePathname()

  // Same size as what replaces it, so nothing moves when the answer arrives. Without JavaScript
  // no answer comes (and the cached page cannot know who is looking): the placeholder gives way
  // to a frame that asks the server (app/account-slot/route.ts), the same link either way.
  if (isLoading)
    return (
      <>
        <span
          className="block size-9 rounded-full bg-white/10 [@media(scripting:none)]:hidden"
          aria-hidden="true"
        />
        <noscript>
          <iframe
            src={`/account-slot?${new URLSearchParams({ from: pathname })}`}
            title="Your account"
            className="block h-9 w-[5.5rem] border-0"
          />
        </noscript>
      </>
    )

  if (!user) {
    return (
      <Link
        href={loginHref(pathname)}
        prefetch={false}
        className="inline-flex h-9 items-center gap-1.5 rounded-md bg-byte-cyan px-3 text-sm font-semibold text-byte-night hover:bg-cyan-300"
      >
        <UserIcon className="size-4" />
        Login
      </Link>
    )
  }

  return (
    <Link
      href="/user/profile"
      prefetch={false}
      className="block size-9 overflow-hidden rounded-full ring-2 ring-byte-cyan/70 hover:ring-byte-cyan"
      title={`${user.name} – your profile`}
    >
      <Avatar url={user.avatar.url} alt={`${user.name}'s profile`} size={36} />
    </Link>
  )
}
