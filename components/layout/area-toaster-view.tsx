'use client'
import { useEffect } from 'react'
import { toast, Toaster, useToasterStore } from 'react-hot-toast'
import { TOAST_SETTINGS, type ToastArea } from './toast-settings'

// For components/layout/toast.ts: the toaster's chunk carries the one copy of the library.
export { toast }

export default function AreaToasterView({ area }: { area: ToastArea }) {
  const { position, duration, limit } = TOAST_SETTINGS[area]
  const { toasts } = useToasterStore()

  useEffect(() => {
    // Newest first: everything past the limit is the oldest, and goes.
    toasts
      .filter((t) => t.visible)
      .slice(limit)
      .forEach((t) => toast.dismiss(t.id))
  }, [toasts, limit])

  return <Toaster position={position} toastOptions={{ duration }} />
}
