'use client'
import { Modal, type ModalProps } from './modal'

/** A centred modal dialog (filters, forms). */
export function Dialog({ className = '', ...props }: ModalProps) {
  return (
    <Modal
      {...props}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg overflow-y-auto rounded-xl ${className}`}
      headerClassName="px-5 py-3 text-lg"
    />
  )
}
