'use client'
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { CloseIcon } from './icons'

// The one modal of the shop, on the native <dialog>: the browser makes the page behind it
// inert, closes it on Escape and gives focus back to the opener. Tab would still escape to the
// browser's own controls, so Tab and Shift+Tab wrap around inside. Sheet and Dialog only style it.

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

export type ModalProps = {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  id?: string
  /** Accessible name of the close button. */
  closeLabel?: string
  className?: string
}

export function Modal({
  open,
  onClose,
  title,
  children,
  id,
  closeLabel = 'Close',
  className = '',
  headerClassName = '',
}: ModalProps & { headerClassName?: string }) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // Only a press that starts on the backdrop closes: dragging a text selection out of an input
  // also ends with a click on the dialog element.
  const pressedBackdrop = useRef(false)

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
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={trapTab}
      onPointerDown={(e) => {
        // A press on the backdrop lands on the dialog element itself.
        pressedBackdrop.current = e.target === e.currentTarget
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && pressedBackdrop.current) onClose()
      }}
      className={`bg-white p-0 text-ink shadow-2xl ${className}`}
    >
      <div
        className={`flex items-center justify-between border-b border-slate-200 ${headerClassName}`}
      >
        <h2 id={titleId} className="font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-mr-2 rounded-md p-2 text-ink-soft hover:bg-slate-100"
          aria-label={closeLabel}
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      {children}
    </dialog>
  )
}
