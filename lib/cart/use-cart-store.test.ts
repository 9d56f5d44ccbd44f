import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useCartStore } from './use-cart-store'

const ADDRESS = {
  address: '1 Queen St',
  state: 'Ontario',
  country: 'Canada' as const,
  pinCode: '123456',
  phoneNumber: '4165550123',
}

function fakeStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
  }
}

beforeEach(() => {
  vi.stubGlobal('window', { localStorage: fakeStorage() })
  useCartStore.setState({ shippingInfo: undefined, idempotencyKey: null })
})
afterEach(() => vi.unstubAllGlobals())

describe('useCartStore', () => {
  it('saves the address in local storage under shippingData and reads it back', () => {
    useCartStore.getState().saveShippingInfo(ADDRESS)
    expect(JSON.parse(window.localStorage.getItem('shippingData')!)).toEqual(ADDRESS)
    useCartStore.setState({ shippingInfo: undefined })
    expect(useCartStore.getState().loadShippingInfo()).toEqual(ADDRESS)
    expect(useCartStore.getState().shippingInfo).toEqual(ADDRESS)
  })

  it('loads null when nothing valid is saved', () => {
    window.localStorage.setItem('shippingData', '{"address":"x"}')
    expect(useCartStore.getState().loadShippingInfo()).toBeNull()
  })

  it('keeps one idempotency key per checkout attempt', () => {
    const { checkoutKey, checkoutDone } = useCartStore.getState()
    const first = checkoutKey()
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(checkoutKey()).toBe(first)
    checkoutDone()
    expect(checkoutKey()).not.toBe(first)
  })
})
