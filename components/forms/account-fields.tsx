import { NAME_LENGTH, PASSWORD_LENGTH } from '@/lib/auth/rules'
import { TextField } from './text-field'

// The account forms' recurring fields, with the rules of lib/auth/rules.ts and the
// autocomplete hints password managers read.

type FieldProps = { error?: string; defaultValue?: string }

export function NameField({ error, defaultValue }: FieldProps) {
  return (
    <TextField
      label="Name"
      name="name"
      autoComplete="name"
      required
      minLength={NAME_LENGTH.min}
      maxLength={NAME_LENGTH.max}
      defaultValue={defaultValue}
      error={error}
    />
  )
}

export function EmailField({ error, defaultValue }: FieldProps) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      defaultValue={defaultValue}
      error={error}
    />
  )
}

type PasswordProps = {
  label: string
  name: string
  error?: string
  hint?: string
  value?: string
  onChange?: (value: string) => void
}

/** A password being chosen (length rules and the manager's "new password" hint). */
export function NewPasswordField({ label, name, error, hint, value, onChange }: PasswordProps) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_LENGTH.min}
      maxLength={PASSWORD_LENGTH.max}
      hint={hint}
      value={value}
      onChange={onChange && ((e) => onChange(e.currentTarget.value))}
      error={error}
    />
  )
}

/** The password the account has now. */
export function CurrentPasswordField({ label, name, error }: PasswordProps) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete="current-password"
      required
      error={error}
    />
  )
}

export const NEW_PASSWORD_HINT = 'At least 8 characters, not a common password.'
