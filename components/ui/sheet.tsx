'use client'
import { Modal, type ModalProps } from './modal'

/** A panel that slides in from the left (the navigation menu on small screens). */
export function Sheet(props: ModalProps) {
  return (
    <Modal
      closeLabel="Close menu"
      {...props}
      className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-72 max-w-[85vw] open:animate-sheet-in"
      headerClassName="px-4 py-3 text-base"
    />
  )
}
