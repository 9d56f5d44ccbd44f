import type { Metadata } from 'next'
import Link from 'next/link'
import { UserIcon } from '@/components/ui/icons'
import { ServerImage } from '@/components/ui/server-image'
import { getCurrentAuth } from '@/lib/auth/current-user'
import { requireUser } from '@/lib/auth/guards'
import { ROUTES } from '@/lib/routes'
import { listSessions } from '@/lib/users/list-sessions'
import { lastSeenText, timeAgo } from '@/lib/users/session-times'
import { DeviceList, type DeviceRow } from './_components/device-list'
import { LogoutButton } from './_components/logout-button'

export const metadata: Metadata = { title: 'My Profile' }

const LINK_BUTTON =
  'inline-flex w-full items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2.5 font-semibold text-ink hover:bg-slate-50'

// Rendered on the server for the user re-read from the database (requireUser sends anybody
// else to the login page and back here), with the devices signed in to the account.
export default async function ProfilePage() {
  const user = await requireUser(ROUTES.profile.path)
  const devices = await deviceRows()
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">My Profile</h1>
      <div className="mt-6 grid gap-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 md:grid-cols-[auto_1fr]">
        <div className="flex flex-col items-center gap-4">
          <span className="block size-40 overflow-hidden rounded-full ring-4 ring-brand-100">
            {user.avatarUrl ? (
              <ServerImage
                src={user.avatarUrl}
                alt={`${user.name}'s profile picture`}
                width={160}
                height={160}
                className="size-40 object-cover"
              />
            ) : (
              <span className="flex size-40 items-center justify-center bg-brand-600 text-white">
                <UserIcon className="size-20" />
                <span className="sr-only">{`${user.name}'s profile picture`}</span>
              </span>
            )}
          </span>
          <Link href={ROUTES.updateProfile.path} prefetch={false} className={LINK_BUTTON}>
            Edit Profile
          </Link>
        </div>
        <div className="flex flex-col gap-6">
          <dl className="grid gap-4">
            <div>
              <dt className="text-sm font-medium text-ink-muted">Full Name</dt>
              <dd className="mt-0.5 text-lg font-semibold break-words text-ink">{user.name}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-ink-muted">Email</dt>
              <dd className="mt-0.5 text-lg break-all text-ink">{user.email}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-ink-muted">Password</dt>
              <dd className="mt-0.5 text-lg text-ink">
                {/* Never the password (the server has only its hash): a fixed mask. */}
                <span aria-hidden="true">••••••••</span>
                <span className="sr-only">hidden</span>
              </dd>
            </div>
          </dl>
          <div className="grid gap-3 sm:grid-cols-3">
            <Link href={ROUTES.updatePassword.path} prefetch={false} className={LINK_BUTTON}>
              Change Password
            </Link>
            <Link href={ROUTES.myOrders.path} prefetch={false} className={LINK_BUTTON}>
              My Orders
            </Link>
            <LogoutButton />
          </div>
        </div>
      </div>
      <DeviceList devices={devices} />
    </div>
  )
}

async function deviceRows(): Promise<DeviceRow[]> {
  // The same request's session as requireUser's (cached): present, or it would have redirected.
  const auth = await getCurrentAuth()
  if (!auth) return []
  const now = Date.now()
  return (await listSessions(auth)).map((s) => ({
    id: s._id,
    device: s.device,
    current: s.current,
    lastSeenAt: s.lastSeenAt,
    lastSeen: lastSeenText(s.lastSeenAt, now),
    signedIn: timeAgo(s.createdAt, now),
  }))
}
