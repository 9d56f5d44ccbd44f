'use client'
import { create } from 'zustand'
import type { ShippingInfo } from '@/lib/orders/schemas'
import { parseShippingData } from './checkout'
import { SHIPPING_DATA_KEY } from './checkout-paths'
import { clearShippingDrafts, readShippingDraft, type ShippingDraft } from './shipping-draft'

// The cart store (docs/product.md "Data the screens show") for what is the browser's own: the
// shipping address (also kept in local storage under `shippingData`, so it outlives the tab) and
// the idempotency key of the checkout attempt under way. The cart's lines are the server's
// (useCart, SWR).
//
// Read it in effects, event handlers and client rendering only: on the server this module is
// shared by every request.

export type CartStore = {
  /** undefined until read from local storage, then the saved address or null. */
  shippingInfo: ShippingInfo | null | undefined
  /** undefined until read: this tab's half-filled shipping form of the signed-in user, or null. */
  shippingDraft: ShippingDraft | null | undefined
  /** One key per checkout attempt: a double click or a retry places one order. */
  idempotencyKey: string | null
  loadShippingInfo: () => ShippingInfo | null
  saveShippingInfo: (info: ShippingInfo) => void
  loadShippingDraft: (userId: string) => void
  /** The key of the attempt under way, made on first use. */
  checkoutKey: () => string
  /** The order is placed: the next checkout is a new attempt, with no half-filled form. */
  checkoutDone: () => void
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(SHIPPING_DATA_KEY)
  } catch {
    return null
  }
}

export const useCartStore = create<CartStore>()((set, get) => ({
  shippingInfo: undefined,
  shippingDraft: undefined,
  idempotencyKey: null,
  loadShippingInfo() {
    const info = parseShippingData(readStorage())
    set({ shippingInfo: info })
    return info
  },
  saveShippingInfo(info) {
    try {
      window.localStorage.setItem(SHIPPING_DATA_KEY, JSON.stringify(info))
    } catch {
      // Private mode or a full quota: the store still holds it for this visit.
    }
    set({ shippingInfo: info })
  },
  loadShippingDraft(userId) {
    set({ shippingDraft: readShippingDraft(userId) })
  },
  checkoutKey() {
    const current = get().idempotencyKey
    if (current) return current
    const key = crypto.randomUUID()
    set({ idempotencyKey: key })
    return key
  },
  checkoutDone() {
    clearShippingDrafts()
    set({ idempotencyKey: null, shippingDraft: null })
  },
}))
