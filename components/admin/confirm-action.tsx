'use client'
import { useRouter } from 'next/navigation'
import { useState, type ReactNode } from 'react'
import { toast } from '@/components/layout/toast'
import { Dialog } from '@/components/ui/dialog'

// An admin action behind a confirmation: a button opens the dialog, "confirm" sends one request
// to /api/v1, the outcome is a toast of the admin area (the server's own message on failure),
// and the page's server data is fetched again. Used for every delete and the role toggle.

export type ConfirmActionProps = {
  /** The button's text in the row. */
  label: string
  /** Accessible name of the button when the label alone is ambiguous in a table. */
  ariaLabel?: string
  /** The dialog's title and its explanation. */
  title: string
  description: ReactNode
  /** The confirming button's text (default: the label). */
  confirmLabel?: string
  method: 'DELETE' | 'PUT' | 'POST'
  url: string
  body?: unknown
  /** The success toast. */
  successText: string
  /** Where to go after success (a deleted record's own page); else the page refreshes. */
  redirectTo?: string
  tone?: 'danger' | 'neutral'
  className?: string
}

const FALLBACK = 'Something went wrong'

async function send(method: string, url: string, body: unknown): Promise<string | null> {
  try {
    const res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (res.ok) return null
    const answer = (await res.json().catch(() => ({}))) as { message?: unknown }
    return typeof answer.message === 'string' && answer.message ? answer.message : FALLBACK
  } catch {
    return FALLBACK
  }
}

const BUTTON =
  'inline-flex items-center justify-center rounded-md font-semibold disabled:opacity-60'
const TONE = {
  danger: 'bg-red-700 text-white hover:bg-red-800',
  neutral: 'bg-brand-600 text-white hover:bg-brand-700',
} as const
const ROW_TONE = {
  danger: 'border border-red-700 text-red-700 hover:bg-red-50',
  neutral: 'border border-brand-600 text-brand-700 hover:bg-brand-50',
} as const

export function ConfirmAction({
  label,
  ariaLabel,
  title,
  description,
  confirmLabel,
  method,
  url,
  body,
  successText,
  redirectTo,
  tone = 'danger',
  className = '',
}: ConfirmActionProps) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)

  async function confirm() {
    if (busy) return
    setBusy(true)
    const problem = await send(method, url, body)
    setBusy(false)
    if (problem) {
      toast.error(problem)
      return
    }
    setOpen(false)
    toast.success(successText)
    if (redirectTo) router.replace(redirectTo)
    else router.refresh()
  }

  return (
    <>
      <button
        type="button"
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={`${BUTTON} px-3 py-1.5 text-sm ${ROW_TONE[tone]} ${className}`}
      >
        {label}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title}>
        <div className="space-y-5 p-5 text-left">
          <div className="text-ink-soft">{description}</div>
          <div className="flex flex-wrap justify-end gap-2">
            <button
              type="button"
              onClick={() => setOpen(false)}
              disabled={busy}
              className={`${BUTTON} border border-slate-300 px-4 py-2 text-ink hover:bg-slate-50`}
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={() => void confirm()}
              disabled={busy}
              aria-busy={busy}
              className={`${BUTTON} px-4 py-2 ${TONE[tone]}`}
            >
              {busy ? 'Working…' : (confirmLabel ?? label)}
            </button>
          </div>
        </div>
      </Dialog>
    </>
  )
}
