'use client'
import { useState, type ComponentType } from 'react'
import type { ReviewDialogProps } from './review-dialog'

// The Add Review button: the product page is cached and at its script budget, so the dialog
// (form, session check, toast) loads on the first click, not with the page.
export function AddReview({ productId }: { productId: string }) {
  const [Dialog, setDialog] = useState<ComponentType<ReviewDialogProps> | null>(null)
  const [open, setOpen] = useState(false)
  const [loading, setLoading] = useState(false)

  async function openDialog() {
    if (!Dialog) {
      setLoading(true)
      try {
        const { ReviewDialog } = await import('./review-dialog')
        setDialog(() => ReviewDialog)
      } finally {
        setLoading(false)
      }
    }
    setOpen(true)
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void openDialog()}
        aria-haspopup="dialog"
        aria-busy={loading || undefined}
        className="inline-flex h-10 items-center rounded-md bg-brand-600 px-5 font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        Add Review
      </button>
      {Dialog && <Dialog productId={productId} open={open} onClose={() => setOpen(false)} />}
    </>
  )
}
