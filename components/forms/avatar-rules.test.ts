import { describe, expect, it } from 'vitest'
import { AVATAR_MAX_BYTES, avatarProblem } from './avatar-rules'

describe('avatarProblem', () => {
  it('lets JPEG, PNG and WebP up to 5 MB through', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(avatarProblem({ type, size: 1234 })).toBeNull()
    }
    expect(avatarProblem({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull()
  })

  it('refuses other types, and anything past 5 MB', () => {
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toBe('Choose a JPEG, PNG or WebP image')
    expect(avatarProblem({ type: '', size: 10 })).toBe('Choose a JPEG, PNG or WebP image')
    expect(avatarProblem({ type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 })).toBe(
      'The image is larger than 5 MB',
    )
  })
})
