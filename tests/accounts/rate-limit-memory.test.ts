import { AsyncLocalStorage } from 'node:async_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, describe, expect, it } from 'vitest'
import { consumeLimit } from '@/lib/auth/rate-limit'
import { installDetachedScope } from '../../scripts/detached-scope.mjs'
import { installTestDatabase } from '../support/db'
import { testEngine } from '../support/engines'

// On the embedded engine a rate limit keeps each key in memory with a timer for the limit's
// duration. A timer carries the AsyncLocalStorage stores of where it was made, and in the server
// those hold the request, its response and its socket: counted inside a request, every login
// kept its request for 15 minutes (issue 17: the server grew by about 1 MB a second under
// orders). scripts/server.mjs makes the timers outside any request (scripts/detached-scope.mjs).

installTestDatabase()

setFlagsFromString('--expose_gc')
const gc = runInNewContext('gc') as () => void

afterEach(() => {
  delete globalThis.__shopDetached
})

/** Counts a login inside a request's context; answers a weak reference to that context. */
async function countInRequest(store: AsyncLocalStorage<object>, ip: string) {
  const request = { body: new Uint8Array(1_000_000) }
  await store.run(request, () => consumeLimit('loginPerAddress', ip))
  return new WeakRef(request)
}

async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 5 && ref.deref(); i++) {
    await new Promise((resolve) => setImmediate(resolve))
    gc()
  }
  return ref.deref() === undefined
}

describe.runIf(testEngine() === 'pglite')('a rate limit counted during a request', () => {
  it('does not keep the request alive for the limit’s duration', async () => {
    installDetachedScope()
    const ref = await countInRequest(new AsyncLocalStorage(), '203.0.113.7')
    expect(await collected(ref)).toBe(true)
  })

  it('would, without the scope the server makes at start (what this guards against)', async () => {
    const ref = await countInRequest(new AsyncLocalStorage(), '203.0.113.8')
    expect(await collected(ref)).toBe(false)
  })
})
