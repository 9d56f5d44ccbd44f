import 'server-only'
import { dictionary } from '@zxcvbn-ts/language-common'
import { AppError } from '@/lib/errors'
import { PASSWORD_LENGTH } from './rules'

// The 49,000 most common passwords of zxcvbn-ts (from leaked password sets); those long enough
// to pass the length rule, about 18,000, are refused. Compared lower-cased: 'PASSWORD1' is as
// guessable as 'password1'.

let common: Set<string> | undefined

function list(): Set<string> {
  common ??= new Set(
    (dictionary['passwords-common'] as string[])
      .filter((p) => p.length >= PASSWORD_LENGTH.min)
      .map((p) => p.toLowerCase()),
  )
  return common
}

export function isCommonPassword(password: string): boolean {
  return list().has(password.toLowerCase())
}

/** Refuses a common password with a 400 naming the field it came in. */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('INVALID', 'This password is too common. Please choose another one.', {
      [field]: 'This password is too common',
    })
  }
}
