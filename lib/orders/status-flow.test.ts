import { describe, expect, it } from 'vitest'
import {
  adminStatusChoices,
  canCancelOrder,
  canDeleteOrder,
  isOrderStatus,
  nextOrderStatus,
} from './status-flow'

describe('order status flow', () => {
  it('moves one step at a time and stops at Delivered', () => {
    expect(nextOrderStatus('processing')).toBe('Shipped')
    expect(nextOrderStatus('Shipped')).toBe('Delivered')
    expect(nextOrderStatus('Delivered')).toBeNull()
  })

  it('never moves a cancelled order on', () => {
    expect(nextOrderStatus('Cancelled')).toBeNull()
    expect(adminStatusChoices('Cancelled')).toEqual([])
  })

  it('lets the shopper cancel only before shipping, an admin only before delivery', () => {
    expect(canCancelOrder('processing', 'shopper')).toBe(true)
    expect(canCancelOrder('Shipped', 'shopper')).toBe(false)
    expect(canCancelOrder('Delivered', 'shopper')).toBe(false)
    expect(canCancelOrder('Cancelled', 'shopper')).toBe(false)
    expect(canCancelOrder('processing', 'admin')).toBe(true)
    expect(canCancelOrder('Shipped', 'admin')).toBe(true)
    expect(canCancelOrder('Delivered', 'admin')).toBe(false)
    expect(canCancelOrder('Cancelled', 'admin')).toBe(false)
  })

  it('offers the admin the next step and Cancelled, nothing once delivered', () => {
    expect(adminStatusChoices('processing')).toEqual(['Shipped', 'Cancelled'])
    expect(adminStatusChoices('Shipped')).toEqual(['Delivered', 'Cancelled'])
    expect(adminStatusChoices('Delivered')).toEqual([])
  })

  it('knows the statuses exactly as the API spells them', () => {
    expect(isOrderStatus('Shipped')).toBe(true)
    expect(isOrderStatus('Cancelled')).toBe(true)
    expect(isOrderStatus('shipped')).toBe(false)
    expect(isOrderStatus('cancelled')).toBe(false)
    expect(isOrderStatus(undefined)).toBe(false)
  })

  it('refuses to delete an order still being processed, allows a cancelled one', () => {
    expect(canDeleteOrder('processing')).toBe(false)
    expect(canDeleteOrder('Shipped')).toBe(true)
    expect(canDeleteOrder('Delivered')).toBe(true)
    expect(canDeleteOrder('Cancelled')).toBe(true)
  })
})
