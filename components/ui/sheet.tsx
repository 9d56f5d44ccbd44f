'use client'
import { useEffect, useRef, type ReactNode } from 'react'
import { CloseIcon } from './icons'

// A slide-out panel on the native <dialog>: the browser makes the page behind it inert (focus
// stays inside), closes it on Escape and gives focus back to the opener.
type SheetProps = {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  id?: string
}

export function Sheet({ open, onClose, title, children, id }: SheetProps) {
  const ref = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      id={id}
      aria-label={title}
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) onClose()
      }}
      className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-white p-0 text-ink shadow-2xl open:animate-sheet-in"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold">{title}</h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md p-2 text-ink-soft hover:bg-slate-100"
          aria-label="Close menu"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      {children}
    </dialog>
  )
}
