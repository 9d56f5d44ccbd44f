'use client'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { CloseIcon } from './icons'
import { trapTab } from './sheet'

// A centred modal on the native <dialog>, like Sheet: the browser makes the page behind it
// inert, closes it on Escape and gives focus back to the opener; trapTab keeps Tab inside.
type DialogProps = {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  id?: string
  /** Accessible name of the close button. */
  closeLabel?: string
  className?: string
}

export function Dialog({
  open,
  onClose,
  title,
  children,
  id,
  closeLabel = 'Close',
  className = '',
}: DialogProps) {
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
        // A click on the backdrop lands on the dialog element itself.
        pressedBackdrop.current = e.target === e.currentTarget
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && pressedBackdrop.current) onClose()
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-0 text-ink shadow-2xl ${className}`}
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
        <h2 id={titleId} className="text-lg font-semibold">
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
