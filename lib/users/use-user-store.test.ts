import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_USER, useUserStore } from './use-user-store'

const admin = {
  _id: 'a1',
  name: 'Admin User',
  email: 'admin@example.com',
  role: 'admin' as const,
  avatar: { url: '/media/a.webp', public_id: 'a' },
}

describe('the user store', () => {
  beforeEach(() => useUserStore.getState().reset())

  it('starts as the default user (role user), unauthenticated', () => {
    const s = useUserStore.getState()
    expect(s.user).toEqual(DEFAULT_USER)
    expect(s.user.role).toBe('user')
    expect(s.isAuthenticated).toBe(false)
    expect(Object.values(s.flags).some(Boolean)).toBe(false)
  })

  it('mirrors the signed-in user, and nobody again', () => {
    useUserStore.getState().setUser(admin)
    expect(useUserStore.getState()).toMatchObject({ user: admin, isAuthenticated: true })
    useUserStore.getState().setUser(null)
    expect(useUserStore.getState()).toMatchObject({ user: DEFAULT_USER, isAuthenticated: false })
  })

  it('keeps its state object when told "nobody" twice (no re-render)', () => {
    const before = useUserStore.getState()
    useUserStore.getState().setUser(null)
    expect(useUserStore.getState()).toBe(before)
  })

  it('raises a flag once, with the login’s return target, and clears both', () => {
    useUserStore.getState().raise('loginDone', '/myorders')
    expect(useUserStore.getState().flags.loginDone).toBe(true)
    expect(useUserStore.getState().returnTo).toBe('/myorders')
    useUserStore.getState().clear('loginDone')
    expect(useUserStore.getState().flags.loginDone).toBe(false)
    expect(useUserStore.getState().returnTo).toBeNull()
  })

  it('resets to the default user with nothing pending on logout', () => {
    useUserStore.getState().setUser(admin)
    useUserStore.getState().raise('profileUpdated')
    useUserStore.getState().reset()
    const s = useUserStore.getState()
    expect(s.isAuthenticated).toBe(false)
    expect(s.user).toEqual(DEFAULT_USER)
    expect(s.flags.profileUpdated).toBe(false)
  })
})
