import type { ReactNode } from 'react'

export const PRIMARY_BUTTON =
  'inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-500/70'

export const SECONDARY_BUTTON =
  'inline-flex w-full items-center justify-center rounded-md border border-brand-600 bg-white px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-70'

/**
 * A form's submit button: disabled and saying so while its request is on its way. `disabled`
 * also holds it while another button of the same form is busy.
 */
export function SubmitButton({
  busy,
  disabled = false,
  children,
  variant = 'primary',
  type = 'submit',
  onClick,
}: {
  busy: boolean
  disabled?: boolean
  children: ReactNode
  variant?: 'primary' | 'secondary'
  type?: 'submit' | 'button'
  onClick?: () => void
}) {
  return (
    <button
      type={type}
      onClick={onClick}
      disabled={busy || disabled}
      className={variant === 'primary' ? PRIMARY_BUTTON : SECONDARY_BUTTON}
    >
      {busy ? 'Loading…' : children}
    </button>
  )
}
