import { describe, expect, it } from 'vitest'
import { RegisterSchema, UpdatePasswordSchema } from '@/lib/auth/schemas'
import { checkFields } from './check-fields'

describe('checkFields', () => {
  it('passes what the API would take, normalised as the API does', () => {
    expect(
      checkFields(RegisterSchema, {
        name: '  Ada Lovelace ',
        email: ' Ada@Example.COM',
        password: 'a long passphrase',
      }),
    ).toEqual({
      ok: true,
      data: { name: 'Ada Lovelace', email: 'ada@example.com', password: 'a long passphrase' },
    })
  })

  it('names each refused field once, and the first complaint as the message', () => {
    const result = checkFields(RegisterSchema, { name: 'Al', email: 'nope', password: 'short' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'name', 'password'])
    expect(result.errors.name).toBe('Name must be 4 to 30 characters')
    expect(result.message).toBe(result.errors.name)
  })

  it('puts a confirmation mismatch on the confirmation field', () => {
    const result = checkFields(UpdatePasswordSchema, {
      oldPassword: 'old one',
      newPassword: 'a new passphrase',
      confirmPassword: 'something else',
    })
    expect(result).toMatchObject({
      ok: false,
      errors: { confirmPassword: 'Passwords do not match' },
    })
  })
})
