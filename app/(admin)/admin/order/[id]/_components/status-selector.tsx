'use client'
import { useRouter } from 'next/navigation'
import { useId, useState, type FormEvent } from 'react'
import { toast } from '@/components/layout/toast'
import type { OrderStatus } from '@/lib/enums'
import { MAX_CANCEL_REASON_LENGTH } from '@/lib/orders/status-flow'
import { accountRequest } from '@/lib/users/account-request'

/**
 * docs/product.md "Admin order page": the admin's status selector offers only the next step and,
 * before delivery, Cancelled, which asks for the reason the shopper will read. The server
 * enforces the same (a 409 if someone moved the order meanwhile, a 400 without a reason, shown
 * as the toast).
 */
export function StatusSelector({ orderId, choices }: { orderId: string; choices: OrderStatus[] }) {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [selected, setSelected] = useState<OrderStatus | undefined>(choices[0])
  const selectId = useId()
  const reasonId = useId()
  const hintId = useId()
  const cancelling = selected === 'Cancelled'

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = new FormData(event.currentTarget)
    const status = String(form.get('status'))
    setBusy(true)
    const answer = await accountRequest(
      'PUT',
      `/api/v1/admin/order/${encodeURIComponent(orderId)}`,
      status === 'Cancelled'
        ? { selectedOrderStatus: status, reason: String(form.get('reason') ?? '') }
        : { selectedOrderStatus: status },
    )
    setBusy(false)
    if (!answer.ok) {
      toast.error(answer.message)
      return
    }
    toast.success(status === 'Cancelled' ? 'Order cancelled' : 'Order status updated')
    router.refresh()
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3">
      <div>
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-ink-soft">
          Next status
        </label>
        <select
          id={selectId}
          name="status"
          value={selected}
          onChange={(e) => setSelected(e.currentTarget.value as OrderStatus)}
          className="h-10 w-full rounded-md border border-slate-400 bg-white px-3 text-ink"
        >
          {choices.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {cancelling && (
        <div>
          <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-ink-soft">
            Reason
          </label>
          <textarea
            id={reasonId}
            name="reason"
            required
            maxLength={MAX_CANCEL_REASON_LENGTH}
            rows={3}
            aria-describedby={hintId}
            className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink"
          />
          <p id={hintId} className="mt-1 text-xs text-ink-muted">
            The customer reads it on their order page and in the mail. The stock goes back on sale.
          </p>
        </div>
      )}
      <button
        type="submit"
        disabled={busy}
        className={`inline-flex w-full items-center justify-center rounded-md px-4 py-2.5 font-semibold text-white disabled:cursor-wait disabled:opacity-70 ${cancelling ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-600 hover:bg-brand-700'}`}
      >
        {busy ? 'Updating…' : cancelling ? 'Cancel Order' : 'Update Status'}
      </button>
    </form>
  )
}
