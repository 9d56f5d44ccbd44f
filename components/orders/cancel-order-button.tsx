'use client'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { createPortal } from 'react-dom'
import { toast } from '@/components/layout/toast'
import { Dialog } from '@/components/ui/dialog'
import { accountRequest } from '@/lib/users/account-request'

// docs/product.md "My orders" and "Order details": the shopper cancels an order still being
// processed. The button opens a confirmation (the shop's native <dialog>: focus moves in and
// back, Escape closes it, and it fits a phone's width); "Cancel Order" there sends
// PUT /api/v1/order/{id}/cancel, toasts, and reads the page again, which then shows Cancelled.
// The server decides: an order that shipped meanwhile gets its 409 message as the toast.

const BUTTON =
  'inline-flex min-h-10 items-center justify-center rounded-md px-4 py-2 font-semibold disabled:opacity-60'

export function CancelOrderButton({
  orderId,
  className = '',
}: {
  orderId: string
  className?: string
}) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  // Under <body> from the first click on, as the admin's confirmations (confirm-action.tsx): not
  // inside the orders table's scrolling region, and kept so focus can go back to the button.
  const [mounted, setMounted] = useState(false)
  const [busy, setBusy] = useState(false)

  async function confirm() {
    if (busy) return
    setBusy(true)
    const answer = await accountRequest(
      'PUT',
      `/api/v1/order/${encodeURIComponent(orderId)}/cancel`,
    )
    setBusy(false)
    setOpen(false)
    if (!answer.ok) {
      toast.error(answer.message)
      router.refresh()
      return
    }
    toast.success('Order cancelled')
    router.refresh()
  }

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={`Cancel order ${orderId}`}
        onClick={() => {
          setMounted(true)
          setOpen(true)
        }}
        className={`inline-flex items-center rounded-md border border-red-700 px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50 ${className}`}
      >
        Cancel
      </button>
      {mounted &&
        createPortal(
          <Dialog open={open} onClose={() => setOpen(false)} title="Cancel this order?">
            <div className="space-y-5 p-5 text-left">
              <p className="text-ink-soft">
                Order <span className="font-mono text-sm break-all">{orderId}</span> will be
                cancelled and nothing of it will be shipped. This cannot be undone.
              </p>
              <div className="flex flex-wrap justify-end gap-2">
                <button
                  type="button"
                  onClick={() => setOpen(false)}
                  disabled={busy}
                  className={`${BUTTON} border border-slate-300 text-ink hover:bg-slate-50`}
                >
                  Keep Order
                </button>
                <button
                  type="button"
                  onClick={() => void confirm()}
                  disabled={busy}
                  aria-busy={busy}
                  className={`${BUTTON} bg-red-700 text-white hover:bg-red-800`}
                >
                  {busy ? 'Cancelling…' : 'Cancel Order'}
                </button>
              </div>
            </div>
          </Dialog>,
          document.body,
        )}
    </>
  )
}
