'use client'
import Link from 'next/link'
import { loginHref, matchesRoute, ROUTES } from '@/lib/routes'
import { usePathname } from 'next/navigation'
import { Avatar } from '@/components/ui/avatar'
import { UserIcon } from '@/components/ui/icons'
import { useMe } from '@/lib/users/use-me'

// The account screens a signed-out visitor uses on the way in: coming back to one of them after
// login would be pointless (or, for a token link, spent), so their Login link goes home after.
const WAY_IN = [
  ROUTES.login,
  ROUTES.signup,
  ROUTES.forgotPassword,
  ROUTES.verifyMessage,
  ROUTES.verify,
  ROUTES.resetPassword,
  ROUTES.resetMailSent,
].map((r) => r.path)

/**
 * Login link for guests, the avatar (to the profile) for signed-in users. The slot keeps one
 * width whatever it holds (placeholder, link or avatar, right-aligned), so nothing in the top
 * bar moves when the answer arrives or the visitor logs in or out.
 */
export function UserSlot() {
  const { user, isLoading } = useMe()
  const pathname = usePathname()
  return <span className="flex w-[5.5rem] shrink-0 justify-end">{slot()}</span>

  function slot() {
    if (isLoading)
      return <span className="block size-9 rounded-full bg-white/10" aria-hidden="true" />

    if (!user) {
      const wayIn = WAY_IN.some((p) => matchesRoute(p, pathname))
      return (
        <Link
          href={wayIn ? ROUTES.login.path : loginHref(pathname)}
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
        href={ROUTES.profile.path}
        prefetch={false}
        className="block size-9 overflow-hidden rounded-full ring-2 ring-byte-cyan/70 hover:ring-byte-cyan"
        title={`${user.name} – your profile`}
      >
        <Avatar url={user.avatar.url} alt={`${user.name}'s profile`} size={36} />
      </Link>
    )
  }
}
