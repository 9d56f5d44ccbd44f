'use client'
import { useState } from 'react'
import { toast } from '@/components/layout/toast'

/**
 * The state every account form keeps: whether a request is on its way, and the last complaint
 * (the form's own check or the server's answer), shown by the form, at its fields and as a toast.
 */
export function useFormProblems() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  return {
    busy,
    error,
    fieldErrors,
    /** A request leaves: the button waits, the last complaint goes. */
    begin() {
      setBusy(true)
      setError(null)
    },
    /** A request succeeded and the form stays on screen: ready for the next one. */
    done() {
      setBusy(false)
      setFieldErrors({})
    },
    fail(message: string, errors: Record<string, string> = {}) {
      setBusy(false)
      setError(message)
      setFieldErrors(errors)
      toast.error(message)
    },
  }
}
