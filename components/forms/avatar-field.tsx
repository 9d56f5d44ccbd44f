'use client'
import { useEffect, useId, useState } from 'react'
import { UserIcon } from '@/components/ui/icons'
import { avatarProblem, AVATAR_TYPES } from './avatar-rules'

/**
 * A profile picture input with a preview of the chosen file (or of the current picture). The
 * file itself stays in the input, so the form's FormData carries it under `name`.
 */
export function AvatarField({
  name,
  label,
  currentUrl = '',
  onProblem,
}: {
  name: string
  label: string
  currentUrl?: string
  /** A chosen file that cannot be sent (the input is emptied again). */
  onProblem: (message: string) => void
}) {
  const id = useId()
  const [preview, setPreview] = useState<string | null>(null)

  // Each preview is a blob: URL of the chosen file; let it go when another replaces it.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview])

  const shown = preview ?? currentUrl
  return (
    <div className="flex items-center gap-4">
      <span className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-200 ring-1 ring-slate-300">
        {shown ? (
          // A blob: URL of a file on this computer: nothing for next/image to optimise.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={shown} alt="Preview of your profile picture" className="size-16 object-cover" />
        ) : (
          <UserIcon className="size-8 text-slate-500" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
          {label}
        </label>
        <input
          id={id}
          name={name}
          type="file"
          accept={AVATAR_TYPES}
          className="block w-full text-sm text-ink-soft file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0]
            if (!file) return setPreview(null)
            const problem = avatarProblem(file)
            if (problem) {
              e.currentTarget.value = ''
              setPreview(null)
              return onProblem(problem)
            }
            setPreview(URL.createObjectURL(file))
          }}
        />
      </div>
    </div>
  )
}
