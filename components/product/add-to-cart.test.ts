import { describe, expect, it } from 'vitest'
import { loginHref, productHref } from '@/lib/routes'
import { addLooksFine, nextQuantity } from './add-to-cart'

describe('nextQuantity', () => {
  it('steps up by one while below the stock and below 4', () => {
    expect(nextQuantity(1, 10, 1)).toEqual({ quantity: 2 })
    expect(nextQuantity(3, 10, 1)).toEqual({ quantity: 4 })
    expect(nextQuantity(2, 3, 1)).toEqual({ quantity: 3 })
  })

  it('refuses to go past the stock with "No more items left"', () => {
    expect(nextQuantity(3, 3, 1)).toEqual({ quantity: 3, error: 'No more items left' })
    expect(nextQuantity(1, 1, 1)).toEqual({ quantity: 1, error: 'No more items left' })
    expect(nextQuantity(1, 0, 1)).toEqual({ quantity: 1, error: 'No more items left' })
  })

  it('refuses to go past 4 with "only 4 product can be added"', () => {
    expect(nextQuantity(4, 10, 1)).toEqual({ quantity: 4, error: 'only 4 product can be added' })
  })

  it('names the stock, not the cap, when both are reached', () => {
    expect(nextQuantity(4, 4, 1)).toEqual({ quantity: 4, error: 'No more items left' })
  })

  it('steps down by one but never below 1, without an error', () => {
    expect(nextQuantity(3, 10, -1)).toEqual({ quantity: 2 })
    expect(nextQuantity(1, 10, -1)).toEqual({ quantity: 1 })
    expect(nextQuantity(1, 0, -1)).toEqual({ quantity: 1 })
  })
})

describe('loginHref', () => {
  it('leads to the login page and back to the product', () => {
    expect(loginHref(productHref('abc-123'))).toBe('/user/login?redirect=%2Fproduct%2Fabc-123')
  })
})

describe('addLooksFine', () => {
  const cart = { cart: [{ productId: 'p', quantity: 2 }] }
  it('announces an add early only when the known cart has room for it under the stock', () => {
    expect(addLooksFine(cart, 'p', 1, 2)).toBe(false)
    expect(addLooksFine(cart, 'p', 1, 3)).toBe(true)
    expect(addLooksFine(cart, 'p', 2, 3)).toBe(false)
    expect(addLooksFine(cart, 'other', 2, 2)).toBe(true)
    // Not known yet: announced, and a refusal replaces the announcement.
    expect(addLooksFine(undefined, 'p', 1, 2)).toBe(true)
  })
})
