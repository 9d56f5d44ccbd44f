import { useId, type InputHTMLAttributes } from 'react'

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string
  name: string
  /** The server's or the form's complaint about this field. */
  error?: string
  /** A quiet line under the field (a rule, a mismatch); read with the field. */
  hint?: string
}

export const INPUT_CLASS =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-invalid:border-red-600 disabled:bg-slate-100'

/** A labelled input; its error and hint are tied to it, so a screen reader reads them with it. */
export function TextField({ label, name, error, hint, type = 'text', ...input }: TextFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ')
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={INPUT_CLASS}
        {...input}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {/* Polite, so a hint that appears while typing (a mismatch) is read out once. */}
      <p id={hintId} aria-live="polite" className="text-sm text-ink-muted not-empty:mt-1">
        {hint}
      </p>
    </div>
  )
}
