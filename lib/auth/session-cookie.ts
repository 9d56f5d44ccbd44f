// Cookie names alone, importable from proxy.ts and client code without secrets or the database.
export const SESSION_COOKIE = 'shop_session'

/**
 * A readable companion of the (HttpOnly) session cookie holding only the role ('user' | 'admin'),
 * so that storefront pages ask /api/v1/me only when there can be an answer and proxy.ts can send
 * a visitor to login or home before a page renders. It grants nothing: the session cookie alone
 * decides who you are.
 */
export const SIGNED_IN_HINT_COOKIE = 'shop_signed_in'

/**
 * A browser that signed in to an account keeps this (HttpOnly) sealed cookie naming the account
 * and a random id of its own: failed logins of that account from this browser count against its
 * own budget, not the account's, so guesses from elsewhere cannot lock the owner out
 * (lib/auth/device-cookie.ts, decision 0014).
 */
export const DEVICE_COOKIE = 'shop_device'
