import { describe, expect, it } from 'vitest'
import { FALLBACK_MESSAGE, toAnswer } from './account-request'

const user = {
  _id: 'u1',
  name: 'Test User',
  email: 'test@example.com',
  role: 'user',
  avatar: { url: 'http://x/media/a.webp', public_id: 'a' },
}

describe('toAnswer', () => {
  it('takes the user of a success', () => {
    expect(toAnswer(200, { success: true, user })).toEqual({
      ok: true,
      status: 200,
      message: '',
      user,
    })
  })

  it('shows the server’s message, with the fields it refused', () => {
    expect(
      toAnswer(400, {
        success: false,
        message: 'Name must be 4 to 30 characters',
        errors: { name: 'Name must be 4 to 30 characters', junk: 3 },
      }),
    ).toEqual({
      ok: false,
      status: 400,
      message: 'Name must be 4 to 30 characters',
      errors: { name: 'Name must be 4 to 30 characters' },
    })
  })

  it('falls back to one message when the body says nothing usable', () => {
    for (const body of [null, 'Bad gateway', { message: '' }, { message: 42 }, []]) {
      expect(toAnswer(502, body).message).toBe(FALLBACK_MESSAGE)
    }
  })

  it('takes no user from an answer that is not one', () => {
    expect(toAnswer(200, { user: { ...user, role: 'root' } }).user).toBeUndefined()
    expect(toAnswer(200, { user: 'admin' }).user).toBeUndefined()
    expect(toAnswer(403, { message: 'Verify first', user }).user).toBeUndefined()
  })
})
