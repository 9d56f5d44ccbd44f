import { describe, expect, it } from 'vitest'
import { checkoutHref, orderPlacedHref } from './checkout-paths'
import { orderBody, orderTotals, parseShippingData } from './checkout'

const ADDRESS = {
  address: '12 Main Road',
  state: 'Kerala',
  country: 'India',
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
  it('adds price × quantity in cents, and shipping 5', () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in cents it is 30.
    expect(
      orderTotals([
        { price: 0.1, quantity: 1 },
        { price: 0.2, quantity: 1 },
        { price: 19.99, quantity: 3 },
      ]),
    ).toEqual({ itemsPrice: 60.27, shippingPrice: 5, totalPrice: 65.27 })
  })
})

describe('orderBody', () => {
  it('sends only productId and quantity of each line, with the totals and the address', () => {
    const body = orderBody(
      [{ productId: 'p1', name: 'Ignored', image: '/x.png', price: 10, quantity: 2 }],
      ADDRESS,
    )
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
