// Strict-Transport-Security (RFC 6797) on every answer of a shop whose origin is https, so a
// browser that has seen the shop once never again tries it over plain http, where a network in
// between could read or change the traffic. Never on a plain-http origin: `npm start` on
// http://localhost must keep working (browsers ignore the header over http anyway, but a shop
// on a LAN address would tell them nothing true).
//
// The origin is read as lib/api/origin.ts reads it: APP_URL when set; otherwise, behind a proxy
// TRUST_PROXY trusts, the proxy's X-Forwarded-Proto of this very request. Settings are read at
// run time (next.config.ts headers are fixed at build time).
//
// max-age one year: long enough to protect returning shoppers between visits, the usual value
// (and the minimum of the browsers' preload lists). No includeSubDomains and no preload: the
// header would then bind every name under the shop's host, and a shop on its company's main
// domain (example.com) would force https onto every sibling site (intranet.example.com and the
// like) that this app knows nothing about. nginx sends the same value (deploy/nginx.conf).
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const { fromTrustedProxy } = require('../lib/ops/settings.cjs')

export const HSTS_HEADER = 'Strict-Transport-Security'
export const HSTS_VALUE = 'max-age=31536000'

/** The last value of a header a proxy may append to (its own is the last). */
function lastValue(value) {
  const text = Array.isArray(value) ? value.join(',') : (value ?? '')
  return text.split(',').at(-1)?.trim().toLowerCase() || undefined
}

/**
 * Whether answers to a request carry HSTS, from APP_URL and TRUST_PROXY (as parsed by
 * lib/ops/settings.cjs: true, false or the proxies' addresses).
 * @param {{ appUrl?: string, trustProxy: boolean | string[] }} settings
 * @returns {(req: import('node:http').IncomingMessage) => boolean}
 */
export function createHsts({ appUrl, trustProxy }) {
  const configured = appUrl?.trim()
  if (configured && URL.canParse(configured)) {
    const https = new URL(configured).protocol === 'https:'
    return () => https
  }
  return (req) =>
    fromTrustedProxy(trustProxy, req.socket.remoteAddress) &&
    lastValue(req.headers['x-forwarded-proto']) === 'https'
}
