// The cookie's name alone, importable from proxy.ts without pulling in secrets or the database.
export const SESSION_COOKIE = 'shop_session'
