import path from 'node:path'
import type { NextConfig } from 'next'
import { STATIC_POLICY, staticPolicySource } from './lib/csp'

// The one path the shop's pages may frame (and that sends its own policy).
const FRAMED = 'account-slot$'

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Rendered pages and cached reads live in memory only (see the handler for why).
  cacheHandler: path.join(import.meta.dirname, 'lib/cache/cache-handler.cjs'),
  cacheMaxMemorySize: 0,
  reactStrictMode: true,
  // Native and WASM packages stay plain Node requires instead of being bundled; so do the logger
  // and the metrics, which the shop's server (scripts/server.mjs) shares with the app.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'sharp',
    '@node-rs/argon2',
    'pg',
    'pino',
    'prom-client',
  ],
  typedRoutes: false,
  experimental: {
    // Header rules match paths as proxy.ts's matcher does (case-sensitively), so no casing of a
    // path escapes both Content-Security-Policies (lib/csp.ts).
    caseSensitiveRoutes: true,
  },
  images: {
    // No query string on any local image: each distinct one would be a fresh encode and a new
    // cache entry, for the same picture.
    localPatterns: [{ pathname: '/**', search: '' }],
    formats: ['image/avif', 'image/webp'],
    minimumCacheTTL: 31_536_000,
  },
  async headers() {
    const common = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
    ]
    return [
      { source: '/:path*', headers: common },
      {
        // Never framed, but for the top bar's account link without JavaScript, which the shop's
        // own pages frame (app/account-slot/route.ts sends frame-ancestors 'self' instead).
        source: `/:path((?!${FRAMED}).*)`,
        headers: [{ key: 'X-Frame-Options', value: 'DENY' }],
      },
      {
        // The default policy (no inline script), on everything but stored images (the /media
        // route sends its own stricter one: default-src 'none'; sandbox) and the dynamic pages,
        // which get a nonce policy from proxy.ts instead (lib/csp.ts): a second CSP header would
        // also apply. A page from the page cache brings its own policy with the hashes of its
        // inline scripts, which the server puts in place of this one (scripts/front-cache.mjs).
        source: staticPolicySource(['media/', FRAMED]),
        headers: [{ key: 'Content-Security-Policy', value: STATIC_POLICY }],
      },
    ]
  },
}

export default nextConfig
