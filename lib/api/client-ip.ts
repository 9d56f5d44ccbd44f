import 'server-only'
import type { AsyncLocalStorage } from 'node:async_hooks'
import { env } from '@/lib/env'

// The address a request came from, for rate limits. The shop's server (scripts/server.mjs) puts
// the socket's peer address in the request context, where no client can write. Behind a reverse
// proxy (TRUST_PROXY) the peer is the proxy, and the client is the last address the proxy added
// to X-Forwarded-For: earlier entries are whatever the client sent, and anyone can send any.
// Without the shop's server (`next dev`, `next start`) there is no trustworthy address, and every
// request shares one key: the limits then hold for all clients together, which errs on the safe side.

type RequestContext = { peer?: string }
const globals = globalThis as typeof globalThis & {
  __shopRequestContext?: AsyncLocalStorage<RequestContext>
}

export const UNKNOWN_CLIENT = 'unknown'

export function clientIp(request: Request): string {
  if (env().trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded.slice(0, 64)
  }
  const peer = globals.__shopRequestContext?.getStore()?.peer
  return peer ? peer.replace(/^::ffff:/, '') : UNKNOWN_CLIENT
}
