'use client'
import { useEffect, useRef } from 'react'
import { toast, Toaster, useToaster, useToasterStore } from 'react-hot-toast'
import { TOAST_SETTINGS, type ToastArea } from './toast-settings'

// For components/layout/toast.ts: the toaster's chunk carries the one copy of the library.
export { toast }

export default function AreaToasterView({ area }: { area: ToastArea }) {
  const { position, duration, limit } = TOAST_SETTINGS[area]
  const { toasts, pausedAt } = useToasterStore()
  // With the Toaster's own options: this hook's countdowns must end when the Toaster's do.
  const { endPause } = useToaster({ duration }).handlers
  const paused = useRef(pausedAt)

  useEffect(() => {
    // Newest first: everything past the limit is the oldest, and goes.
    toasts
      .filter((t) => t.visible)
      .slice(limit)
      .forEach((t) => toast.dismiss(t.id))
  }, [toasts, limit])

  // A pointer over the toaster pauses every toast (all areas share one store) until it leaves.
  // A toaster that goes away under the pointer (a link in a toast led to another area) never
  // sees it leave, and the pause would keep every toast on screen from then on: the 'Login to add
  // to cart' toast next to 'Login successfully' (issue 16). Its countdowns resume as it goes.
  useEffect(() => {
    paused.current = pausedAt
  }, [pausedAt])
  useEffect(
    () => () => {
      if (paused.current !== undefined) endPause()
    },
    [endPause],
  )

  return <Toaster position={position} toastOptions={{ duration }} />
}
