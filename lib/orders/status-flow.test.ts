import { describe, expect, it } from 'vitest'
import { canDeleteOrder, isOrderStatus, nextOrderStatus } from './status-flow'

describe('order status flow', () => {
  it('moves one step at a time and stops at Delivered', () => {
    expect(nextOrderStatus('processing')).toBe('Shipped')
    expect(nextOrderStatus('Shipped')).toBe('Delivered')
    expect(nextOrderStatus('Delivered')).toBeNull()
  })

  it('knows the statuses exactly as the API spells them', () => {
    expect(isOrderStatus('Shipped')).toBe(true)
    expect(isOrderStatus('shipped')).toBe(false)
    expect(isOrderStatus(undefined)).toBe(false)
  })

  it('refuses to delete an order still being processed', () => {
    expect(canDeleteOrder('processing')).toBe(false)
    expect(canDeleteOrder('Shipped')).toBe(true)
    expect(canDeleteOrder('Delivered')).toBe(true)
  })
})
