// A half-filled shipping form, kept in this tab's session storage while the shopper types, so a
// refresh (or a look at another page) does not lose it. Apart from the saved address
// (`shippingData` in local storage, docs/product.md "Data the screens show"), which only a
// submitted, valid form writes.
// Per user: another account signed in in the same tab never sees it. It goes when the order is
// placed (useCartStore's checkoutDone) and at logout (session-events' signedOut).
// Browser code only: it reads window.sessionStorage.

export type ShippingDraft = {
  address: string
  state: string
  country: string
  pinCode: string
  phoneNumber: string
}

const PREFIX = 'shippingDraft:'
const FIELDS = ['address', 'state', 'country', 'pinCode', 'phoneNumber'] as const
// The longest field the schema takes (the address, lib/orders/schemas.ts): a tampered entry is
// cut, not carried into the form. Not imported, so logout does not bring zod along.
const CAP = 300

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    // Blocked storage (some privacy settings): the form works, it just forgets on a refresh.
    return null
  }
}

/** The draft this user left in this tab, or null (none, or not a draft). */
export function readShippingDraft(userId: string): ShippingDraft | null {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(PREFIX + userId) ?? 'null')
    if (!parsed || typeof parsed !== 'object') return null
    const record = parsed as Record<string, unknown>
    const draft = {} as ShippingDraft
    for (const field of FIELDS) {
      const value = record[field]
      draft[field] = typeof value === 'string' ? value.slice(0, CAP) : ''
    }
    return draft
  } catch {
    return null
  }
}

export function saveShippingDraft(userId: string, draft: ShippingDraft) {
  try {
    storage()?.setItem(PREFIX + userId, JSON.stringify(draft))
  } catch {
    // A full quota: the draft is a convenience.
  }
}

/** Every draft in this tab (the order is placed, or whoever was signed in has left). */
export function clearShippingDrafts() {
  const store = storage()
  if (!store) return
  const keys: string[] = []
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i)
    if (key?.startsWith(PREFIX)) keys.push(key)
  }
  for (const key of keys) store.removeItem(key)
}
