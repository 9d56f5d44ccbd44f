'use client'
import { useState } from 'react'
import useSWR from 'swr'
import { toast } from '@/components/layout/toast'
import { MailIcon } from '@/components/ui/icons'
import { showLoginToast } from './login-toast'
import { useMe } from '@/lib/users/use-me'

// 'Notify me' on a sold-out product (docs/product.md "Product details"). The page is the same
// cached HTML for everyone (decision 0003), so it always renders the button as for a guest; who
// is looking and whether they already asked come from the API in the browser: /me (shared with
// the other islands, only with the signed-in hint), then GET /api/v1/product/{id}, whose answer
// to a signed-in caller says `notifyMe` and is never cached.

const LOGIN_TOAST_ID = 'login-to-be-notified'

type ProductAnswer = { notifyMe?: unknown }

async function fetchNotifyMe([, productId]: readonly [string, string, string]): Promise<boolean> {
  const url = `/api/v1/product/${encodeURIComponent(productId)}`
  const res = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`)
  return ((await res.json()) as ProductAnswer).notifyMe === true
}

/** POST or DELETE /api/v1/product/{id}/notify; the server's message when it refuses. */
async function sendChoice(
  productId: string,
  on: boolean,
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const res = await fetch(`/api/v1/product/${encodeURIComponent(productId)}/notify`, {
      method: on ? 'POST' : 'DELETE',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    })
    if (res.ok) return { ok: true }
    const body = (await res.json().catch(() => ({}))) as { message?: unknown }
    return {
      ok: false,
      message: typeof body.message === 'string' ? body.message : 'Something went wrong',
    }
  } catch {
    return { ok: false, message: 'Something went wrong' }
  }
}

export function NotifyMe({ productId }: { productId: string }) {
  const { user, isLoading, refresh } = useMe()
  // Per product and per account: another account signed in on this browser asks afresh.
  const key = user ? (['notifyMe', productId, user._id] as const) : null
  const { data: subscribed, mutate } = useSWR(key, fetchNotifyMe, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  })
  const [waiting, setWaiting] = useState(false)
  const [said, setSaid] = useState('')
  const on = user !== null && subscribed === true

  async function toggle() {
    if (waiting) return
    let me = user
    if (isLoading) {
      setWaiting(true)
      me = (await refresh().catch(() => null)) ?? null
      setWaiting(false)
    }
    if (!me) {
      showLoginToast({
        text: 'Login to be notified when it is back.',
        productId,
        id: LOGIN_TOAST_ID,
      })
      return
    }
    const next = !on
    setWaiting(true)
    const answer = await sendChoice(productId, next)
    setWaiting(false)
    if (!answer.ok) {
      toast.error(answer.message)
      return
    }
    await mutate(next, { revalidate: false })
    const message = next
      ? 'We will e-mail you once when it is back in stock'
      : 'You will not be e-mailed about it'
    setSaid(message)
    toast.success(next ? 'We will let you know' : 'Notification cancelled')
  }

  return (
    // Without scripts it could do nothing: it is not shown then.
    <div className="flex flex-col gap-1 [@media(scripting:none)]:hidden">
      <button
        type="button"
        onClick={() => void toggle()}
        aria-busy={waiting || undefined}
        aria-disabled={waiting || undefined}
        className={
          on
            ? 'inline-flex min-h-11 w-fit items-center gap-2 rounded-md border border-brand-600 bg-brand-50 px-5 font-semibold text-brand-700 hover:bg-brand-100 aria-disabled:cursor-wait'
            : 'inline-flex min-h-11 w-fit items-center gap-2 rounded-md bg-brand-600 px-5 font-semibold text-white shadow-sm hover:bg-brand-700 aria-disabled:cursor-wait'
        }
      >
        <MailIcon className="size-5" />
        {on ? 'Notifying you — cancel' : 'Notify me when it is back'}
      </button>
      <p className="text-sm text-ink-muted" aria-live="polite">
        {on ? 'We will e-mail you once when it is back in stock.' : said}
      </p>
    </div>
  )
}
