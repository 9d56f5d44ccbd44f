'use client'
import { useState, type ComponentType } from 'react'
import type { ReviewDialogProps } from './review-dialog'

// The Add Review button: the product page is cached and at its script budget, so the dialog
// (form, session check, toast) loads on the first click, not with the page. Kept to the bone:
// every byte here is in the page's first load (the class list repeats Add to Cart's, which
// compresses to almost nothing).
export function AddReview({ productId }: { productId: string }) {
  const [Dialog, setDialog] = useState<ComponentType<ReviewDialogProps> | null>(null)
  const [open, setOpen] = useState(false)

  async function openDialog() {
    if (!Dialog) {
      const { ReviewDialog } = await import('./review-dialog')
      setDialog(() => ReviewDialog)
    }
    setOpen(true)
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void openDialog()}
        aria-haspopup="dialog"
        className="inline-flex h-11 items-center gap-2 rounded-md bg-brand-600 px-6 font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        Add Review
      </button>
      {Dialog && <Dialog productId={productId} open={open} onClose={() => setOpen(false)} />}
    </>
  )
}
