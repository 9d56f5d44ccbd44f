import { sealData, unsealData } from 'iron-session'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sealRemembered, unsealCached, unsealedCount } from './unseal-cache'

const PASSWORD = 'a-test-password-of-at-least-32-characters'
const OTHER = 'another-password-of-at-least-32-characters'

afterEach(() => {
  vi.useRealTimers()
})

describe('unsealed cookies kept per value', () => {
  it('answers what unsealing answers, and keeps only values that unsealed', async () => {
    const seal = await sealData({ sid: 'one' }, { password: PASSWORD, ttl: 60 })
    const before = unsealedCount()
    expect(await unsealCached(seal, { password: PASSWORD, ttl: 60 })).toEqual({ sid: 'one' })
    expect(unsealedCount()).toBe(before + 1)
    expect(await unsealCached(seal, { password: PASSWORD, ttl: 60 })).toEqual({ sid: 'one' })
    expect(unsealedCount()).toBe(before + 1)
    // Another password gets nothing of what the first one unsealed.
    expect(await unsealCached(seal, { password: OTHER, ttl: 60 })).toEqual({})
    // An altered value (its expiry pushed on, its MAC, its text) unseals to nothing and is not kept.
    const parts = seal.split('*')
    const later = [...parts.slice(0, 5), String(Number(parts[5]) + 3_600_000), ...parts.slice(6)]
    for (const forged of [later.join('*'), `${seal.slice(0, -4)}AAAA`, 'Fe26.2**garbage']) {
      expect(await unsealCached(forged, { password: PASSWORD, ttl: 60 })).toEqual({})
    }
    expect(unsealedCount()).toBe(before + 1)
  })

  it('ends with the seal, never later than unsealing would', async () => {
    const start = Date.now()
    vi.useFakeTimers({ now: start, toFake: ['Date'] })
    const seal = await sealData({ sid: 'two' }, { password: PASSWORD, ttl: 60 })
    expect(await unsealCached(seal, { password: PASSWORD, ttl: 60 })).toEqual({ sid: 'two' })
    vi.setSystemTime(start + 59_000)
    expect(await unsealCached(seal, { password: PASSWORD, ttl: 60 })).toEqual({ sid: 'two' })
    // iron-session allows 60 s of clock skew past the expiry; after that it is refused.
    vi.setSystemTime(start + 60_000 + 61_000)
    expect(await unsealCached(seal, { password: PASSWORD, ttl: 60 })).toEqual({})
  })

  it('knows a value it sealed itself: the same answer as unsealing, with no unsealing', async () => {
    const before = unsealedCount()
    const seal = await sealRemembered({ sid: 'three' }, { password: PASSWORD, ttl: 60 })
    expect(unsealedCount()).toBe(before + 1)
    // What iron-session itself reads from the value: the data it was sealed from.
    expect(await unsealData(seal, { password: PASSWORD, ttl: 60 })).toEqual({ sid: 'three' })
    const wrong = `${seal.slice(0, -4)}AAAA`
    expect(await unsealCached(wrong, { password: PASSWORD, ttl: 60 })).toEqual({})
    // Now the kept answer: it holds even with the cryptography taken away (a value the cache did
    // not know would need it, as the forged one above showed).
    const subtle = vi.spyOn(globalThis.crypto.subtle, 'deriveBits')
    try {
      expect(await unsealCached(seal, { password: PASSWORD, ttl: 60 })).toEqual({ sid: 'three' })
      expect(subtle).not.toHaveBeenCalled()
      // For its own password only.
      expect(await unsealCached(seal, { password: OTHER, ttl: 60 })).toEqual({})
      expect(subtle).toHaveBeenCalled()
    } finally {
      subtle.mockRestore()
    }
  })
})
