import 'server-only'
import { env } from '@/lib/env'

// The address a request came from, for rate limits. The shop's server (scripts/server.mjs) puts
// the socket's peer address in the request context, where no client can write. Behind a reverse
// proxy (TRUST_PROXY) the peer is the proxy, and the client is the last address the proxy added
// to X-Forwarded-For: earlier entries are whatever the client sent, and anyone can send any.
// With TRUST_PROXY listing the proxies' addresses, forwarded headers count only on requests whose
// peer is one of them: a client that reaches an app host directly cannot pose as anybody.
// Without the shop's server (`next dev`, `next start`) there is no trustworthy address, and every
// request shares one key: the limits then hold for all clients together, which errs on the safe side.

export const UNKNOWN_CLIENT = 'unknown'

function peerAddress(): string | undefined {
  return globalThis.__shopRequestContext?.getStore()?.peer?.replace(/^::ffff:/, '')
}

/** Whether this request's X-Forwarded-* headers were set by a proxy the settings trust. */
export function forwardedHeadersTrusted(): boolean {
  const { trustProxy, trustedProxies } = env()
  if (!trustProxy) return false
  if (trustedProxies === undefined) return true
  const peer = peerAddress()
  return peer !== undefined && trustedProxies.includes(peer)
}

export function clientIp(request: Request): string {
  if (forwardedHeadersTrusted()) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded.slice(0, 64)
  }
  return peerAddress() ?? UNKNOWN_CLIENT
}
