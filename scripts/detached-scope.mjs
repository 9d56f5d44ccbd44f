// Work a request starts for the process's own bookkeeping, such as a rate limit's expiry timer,
// must not keep that request alive. Node copies the running request's AsyncLocalStorage stores
// onto every timer, promise and socket made under it, and Next's stores hold the request, its
// response and its socket: a timer of 15 minutes made while counting a login kept all of that
// for 15 minutes (about 1 MB a second at 36 orders a second on the embedded database, issue 17).
// This scope is made once, outside any request; what runs in it makes its timers there.
import { AsyncResource } from 'node:async_hooks'

/** Sets globalThis.__shopDetached (lib/ops/process-hooks.d.ts); call it before any request. */
export function installDetachedScope() {
  const scope = new AsyncResource('shop-detached')
  globalThis.__shopDetached = (fn) => scope.runInAsyncScope(fn)
}
