import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearShippingDrafts, readShippingDraft, saveShippingDraft } from './shipping-draft'

const DRAFT = {
  address: '12 Lake Road',
  state: '',
  country: 'Canada',
  pinCode: '12',
  phoneNumber: '',
}

function fakeStorage() {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
  }
}

beforeEach(() => vi.stubGlobal('window', { sessionStorage: fakeStorage() }))
afterEach(() => vi.unstubAllGlobals())

describe('shipping drafts', () => {
  it('keeps one draft per user', () => {
    saveShippingDraft('u1', DRAFT)
    expect(readShippingDraft('u1')).toEqual(DRAFT)
    expect(readShippingDraft('u2')).toBeNull()
  })

  it('clears every draft, and leaves other entries alone', () => {
    saveShippingDraft('u1', DRAFT)
    saveShippingDraft('u2', DRAFT)
    window.sessionStorage.setItem('other', 'x')
    clearShippingDrafts()
    expect(readShippingDraft('u1')).toBeNull()
    expect(readShippingDraft('u2')).toBeNull()
    expect(window.sessionStorage.getItem('other')).toBe('x')
  })

  it('reads a tampered entry as strings of bounded length, or not at all', () => {
    window.sessionStorage.setItem(
      'shippingDraft:u1',
      JSON.stringify({ address: 7, state: 'x'.repeat(5000) }),
    )
    const draft = readShippingDraft('u1')!
    expect(draft.address).toBe('')
    expect(draft.state).toHaveLength(300)
    window.sessionStorage.setItem('shippingDraft:u1', '{not json')
    expect(readShippingDraft('u1')).toBeNull()
  })

  it('works, forgetting, where storage is blocked', () => {
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new Error('blocked')
      },
    })
    saveShippingDraft('u1', DRAFT)
    expect(readShippingDraft('u1')).toBeNull()
    clearShippingDrafts()
  })
})
