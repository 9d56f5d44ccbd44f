'use client'
import { useRouter } from 'next/navigation'
import { useId, useState, type FormEvent } from 'react'
import { toast } from '@/components/layout/toast'
import type { OrderStatus } from '@/lib/catalog'
import { accountRequest } from '@/lib/users/account-request'

/**
 * docs/product.md "Admin order page": the admin's status selector offers only the next step.
 * The server enforces the same steps (a 409 if someone moved the order meanwhile, shown as the
 * toast).
 */
export function StatusSelector({ orderId, next }: { orderId: string; next: OrderStatus }) {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const selectId = useId()

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const selected = new FormData(event.currentTarget).get('status')
    setBusy(true)
    const answer = await accountRequest(
      'PUT',
      `/api/v1/admin/order/${encodeURIComponent(orderId)}`,
      { selectedOrderStatus: String(selected) },
    )
    setBusy(false)
    if (!answer.ok) {
      toast.error(answer.message)
      return
    }
    toast.success('Order status updated')
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
          defaultValue={next}
          className="h-10 w-full rounded-md border border-slate-400 bg-white px-3 text-ink"
        >
          <option value={next}>{next}</option>
        </select>
      </div>
      <button
        type="submit"
        disabled={busy}
        className="inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? 'Updating…' : 'Update Status'}
      </button>
    </form>
  )
}
