import { describe, expect, it } from 'vitest'
import { checkoutHref, orderPlacedHref } from './checkout-paths'
import { orderBody, orderTotals, parseShippingData } from './checkout'

const ADDRESS = {
  address: '12 Main Road',
  state: 'Kerala',
  country: 'India' as const,
  pinCode: '682001',
  phoneNumber: '9876543210',
}

describe('checkoutHref', () => {
  it('goes to review and pay when an address is saved, else to the shipping form', () => {
    expect(checkoutHref(true)).toBe('/cart/shippinginfo')
    expect(checkoutHref(false)).toBe('/cart/checkout')
  })
})

describe('orderPlacedHref', () => {
  it('carries the order id as a query parameter', () => {
    expect(orderPlacedHref('a b&c')).toBe('/cart/orderplaced?id=a+b%26c')
  })
})

describe('parseShippingData', () => {
  it('reads a saved address', () => {
    expect(parseShippingData(JSON.stringify(ADDRESS))).toEqual(ADDRESS)
  })

  it('answers null for nothing, broken JSON or an invalid address', () => {
    expect(parseShippingData(null)).toBeNull()
    expect(parseShippingData('{oops')).toBeNull()
    expect(parseShippingData(JSON.stringify({ ...ADDRESS, pinCode: '12345' }))).toBeNull()
    expect(parseShippingData(JSON.stringify({ ...ADDRESS, country: 'France' }))).toBeNull()
  })
})

describe('orderTotals', () => {
  it('adds shipping 5 to the items in whole cents', () => {
    expect(orderTotals(60.27)).toEqual({ itemsPrice: 60.27, shippingPrice: 5, totalPrice: 65.27 })
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in cents it is 30.
    expect(orderTotals(0.1 + 0.2)).toEqual({ itemsPrice: 0.3, shippingPrice: 5, totalPrice: 5.3 })
  })
})

describe('orderBody', () => {
  it('sends only productId and quantity of each line, with the totals and the address', () => {
    const cart = {
      cart: [{ productId: 'p1', name: 'Ignored', image: '/x.png', price: 10, quantity: 2 }],
      totalPrice: 20,
    }
    const body = orderBody(cart, ADDRESS)
    expect(body).toEqual({
      shippingInfo: ADDRESS,
      orderItems: [{ productId: 'p1', quantity: 2 }],
      paymentInfo: 'Done',
      itemsPrice: 20,
      shippingPrice: 5,
      totalPrice: 25,
    })
  })
})
