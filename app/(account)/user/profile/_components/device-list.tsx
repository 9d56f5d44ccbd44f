'use client'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { toast } from '@/components/layout/toast'
import { ROUTES } from '@/lib/routes'
import { accountRequest } from '@/lib/users/account-request'
import { signedOut } from '@/lib/users/session-events'

export type DeviceRow = {
  id: string
  device: string
  current: boolean
  lastSeenAt: string
  /** "Active now", "Last seen 3 hours ago": worked out by the page as it renders. */
  lastSeen: string
  signedIn: string
}

const BUTTON =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70'

/**
 * The user's signed-in devices (sessions), each with a button that ends it, and "Log out
 * everywhere". Ending this device's own session, or all of them, signs this browser out (home,
 * as Logout does); ending another one reloads the list from the server.
 */
export function DeviceList({ devices }: { devices: DeviceRow[] }) {
  const router = useRouter()
  const [busy, setBusy] = useState<string | null>(null)

  async function leave() {
    await signedOut()
    router.replace(ROUTES.home.path)
  }

  async function end(row: DeviceRow) {
    if (busy) return
    setBusy(row.id)
    const answer = await accountRequest('DELETE', `/api/v1/me/sessions/${row.id}`)
    // 401: this session had already ended elsewhere; this browser is signed out either way.
    if (answer.status === 401 || (answer.ok && row.current)) return leave()
    setBusy(null)
    if (answer.ok) toast.success('Session ended')
    // 404: it had ended meanwhile; the reloaded list no longer shows it either way.
    else if (answer.status !== 404) toast.error(answer.message)
    router.refresh()
  }

  async function endAll() {
    if (busy) return
    setBusy('all')
    const answer = await accountRequest('DELETE', '/api/v1/me/sessions')
    if (answer.ok || answer.status === 401) return leave()
    setBusy(null)
    toast.error(answer.message)
  }

  return (
    <section
      aria-labelledby="devices-heading"
      className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="devices-heading" className="text-xl font-bold text-ink">
          Signed-in devices
        </h2>
        <button
          type="button"
          onClick={endAll}
          disabled={busy !== null}
          className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {busy === 'all' ? 'Loading…' : 'Log out everywhere'}
        </button>
      </div>
      <ul className="mt-4 divide-y divide-slate-200">
        {devices.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold break-words text-ink">
                {row.device}
                {row.current && (
                  <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                    This device
                  </span>
                )}
              </p>
              <p className="text-sm text-ink-muted">
                <time dateTime={row.lastSeenAt}>{row.lastSeen}</time> · Signed in {row.signedIn}
              </p>
            </div>
            <button
              type="button"
              onClick={() => end(row)}
              disabled={busy !== null}
              className={BUTTON}
            >
              {busy === row.id ? 'Loading…' : 'End session'}
              <span className="sr-only">
                {` on ${row.device}${row.current ? ' (this device)' : ''}`}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
