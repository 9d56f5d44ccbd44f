'use client'
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { CloseIcon } from './icons'

// A slide-out panel on the native <dialog>: the browser makes the page behind it inert, closes
// it on Escape and gives focus back to the opener. Tab would still escape to the browser's own
// controls, so Tab and Shift+Tab wrap around inside.
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

export function trapTab(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)]
  const first = items[0]
  const last = items[items.length - 1]
  if (!first || !last) return
  const active = document.activeElement
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault()
    first.focus()
  }
}
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
      onKeyDown={trapTab}
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
