import { sealData, unsealData } from 'iron-session'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ironCrypto, sealIron } from './iron-crypto'

const PASSWORD = 'a-test-password-of-at-least-32-characters'
const OTHER = 'another-password-of-at-least-32-characters'

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

/** Random bytes that are the same in every run: byte i of the n-th call is (n * 31 + i) % 256. */
function fixedRandomness(target: { getRandomValues: <T extends Uint8Array>(a: T) => T }) {
  let calls = 0
  vi.spyOn(target, 'getRandomValues').mockImplementation(<T extends Uint8Array>(array: T): T => {
    calls += 1
    for (let i = 0; i < array.length; i++) array[i] = (calls * 31 + i) % 256
    return array
  })
}

describe('cookies sealed with node:crypto in iron-session’s format', () => {
  it('are what iron-session seals from the same random bytes, byte for byte', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 29, 12), toFake: ['Date'] })
    const data = { sid: 'a'.repeat(43), kind: 'dévice ✓' }
    fixedRandomness(ironCrypto)
    const ours = await sealIron(data, { password: PASSWORD, ttl: 3600 })
    vi.restoreAllMocks()
    fixedRandomness(globalThis.crypto)
    const theirs = await sealData(data, { password: PASSWORD, ttl: 3600 })
    expect(ours).toBe(theirs)
    expect(ours).toMatch(
      /^Fe26\.2\*1\*[0-9a-f]{64}\*[\w-]{22}\*[\w-]+\*\d+\*[0-9a-f]{64}\*[\w-]{43}~2$/,
    )
  })

  it('open with iron-session for their password only, and end at their expiry', async () => {
    const start = Date.now()
    vi.useFakeTimers({ now: start, toFake: ['Date'] })
    const seal = await sealIron({ sid: 'one' }, { password: PASSWORD, ttl: 60 })
    expect(await unsealData(seal, { password: PASSWORD, ttl: 60 })).toEqual({ sid: 'one' })
    expect(await unsealData(seal, { password: OTHER, ttl: 60 })).toEqual({})
    // One bit of the ciphertext changed: the MAC no longer holds.
    const parts = seal.split('*')
    parts[4] = (parts[4]!.startsWith('A') ? 'B' : 'A') + parts[4]!.slice(1)
    expect(await unsealData(parts.join('*'), { password: PASSWORD, ttl: 60 })).toEqual({})
    // iron-session allows 60 s of clock skew past the expiry.
    vi.setSystemTime(start + 60_000 + 61_000)
    expect(await unsealData(seal, { password: PASSWORD, ttl: 60 })).toEqual({})
  })

  it('take new random salts and IV for every seal', async () => {
    const [a, b] = await Promise.all([
      sealIron({ sid: 'same' }, { password: PASSWORD, ttl: 60 }),
      sealIron({ sid: 'same' }, { password: PASSWORD, ttl: 60 }),
    ])
    const [, , saltA, ivA, textA, , macSaltA] = a.split('*')
    const [, , saltB, ivB, textB, , macSaltB] = b.split('*')
    expect([saltB, ivB, textB, macSaltB]).not.toContain(saltA)
    expect(ivB).not.toBe(ivA)
    expect(textB).not.toBe(textA)
    expect(macSaltB).not.toBe(macSaltA)
  })

  it('refuse anything but iron’s own algorithms', async () => {
    const raw = new Uint8Array(32)
    await expect(
      ironCrypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt']),
    ).rejects.toThrow(/not one of iron's/)
    await expect(
      ironCrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']),
    ).rejects.toThrow(/not one of iron's/)
    const hmacKey = await ironCrypto.subtle.importKey(
      'raw',
      raw,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    )
    // A key is only good for what it was made for.
    await expect(
      ironCrypto.subtle.encrypt({ name: 'AES-CBC', iv: new Uint8Array(16) }, hmacKey, raw),
    ).rejects.toThrow(/expected a key for AES-CBC/)
    await expect(ironCrypto.subtle.decrypt()).rejects.toThrow(/iron-session/)
  })
})
