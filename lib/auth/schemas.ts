import { withoutHiddenFormatting, z } from '@/lib/zod'
import { NAME_LENGTH, PASSWORD_LENGTH } from './rules'

// The account forms' rules (docs/api.md#server-side-rules, Accounts), shared by the route
// handlers and the forms.
// No `server-only`: the forms check the same rules before they send anything. Whether a password
// is on the common-password list is checked on the server only (lib/auth/common-passwords.ts:
// the list is 18,000 words).

// `z` comes from lib/zod.ts: account pages run without 'unsafe-eval', so zod must run jitless.

// Addresses are compared trimmed and lower-cased: ' Ada@Example.com' and 'ada@example.com' are one account.
export const EmailSchema = z
  .string({ error: 'Please enter your e-mail address' })
  .trim()
  .toLowerCase()
  .max(254, 'That e-mail address is too long')
  .pipe(z.email({ error: 'Please enter a valid e-mail address' }))

export const NameSchema = z
  .string({ error: 'Please enter your name' })
  .trim()
  .min(NAME_LENGTH.min, `Name must be ${NAME_LENGTH.min} to ${NAME_LENGTH.max} characters`)
  .max(NAME_LENGTH.max, `Name must be ${NAME_LENGTH.min} to ${NAME_LENGTH.max} characters`)
  .refine(...withoutHiddenFormatting('Name must not contain control or text-direction characters'))

// Passwords are taken as typed: a space is as good a character as any.
export const PasswordSchema = z
  .string({ error: 'Please enter a password' })
  .min(PASSWORD_LENGTH.min, `Password must be at least ${PASSWORD_LENGTH.min} characters`)
  .max(PASSWORD_LENGTH.max, `Password must be at most ${PASSWORD_LENGTH.max} characters`)

export const RegisterSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
})
export type RegisterInput = z.infer<typeof RegisterSchema>

// Login takes any text: whether it is an address or a password that could exist is the
// database's question, answered by the one 401 for all failures.
export const LoginSchema = z.object({
  email: z
    .string({ error: 'Please enter your e-mail address' })
    .trim()
    .toLowerCase()
    .min(1, 'Please enter your e-mail address')
    .max(254, 'That e-mail address is too long'),
  password: z
    .string({ error: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(1024, 'That password is too long'),
})
export type LoginInput = z.infer<typeof LoginSchema>

export const EmailOnlySchema = z.object({ email: EmailSchema })

export const UpdateProfileSchema = z.object({ name: NameSchema, email: EmailSchema })
export type UpdateProfileInput = z.infer<typeof UpdateProfileSchema>

const confirmed = <T extends { confirmPassword: string }>(
  schema: z.ZodType<T>,
  field: keyof T & string,
) =>
  schema.refine((v) => v[field] === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'Passwords do not match',
  })

export const UpdatePasswordSchema = confirmed(
  z.object({
    oldPassword: z
      .string({ error: 'Please enter your current password' })
      .min(1, 'Please enter your current password')
      .max(1024, 'That password is too long'),
    newPassword: PasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm the new password' }),
  }),
  'newPassword',
)
export type UpdatePasswordInput = z.infer<typeof UpdatePasswordSchema>

export const ResetPasswordSchema = confirmed(
  z.object({
    password: PasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm the new password' }),
  }),
  'password',
)
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>
