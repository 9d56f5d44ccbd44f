import path from 'node:path'
import type { NextConfig } from 'next'

const isDev = process.env.NODE_ENV !== 'production'

// Static, so that catalog pages stay cacheable (a nonce would make every page dynamic).
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Rendered pages and cached reads live in memory only (see the handler for why).
  cacheHandler: path.join(import.meta.dirname, 'lib/cache/cache-handler.cjs'),
  cacheMaxMemorySize: 0,
  reactStrictMode: true,
  // Native and WASM packages stay plain Node requires instead of being bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'pg'],
  typedRoutes: false,
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
      { key: 'X-Frame-Options', value: 'DENY' },
      { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
    ]
    return [
      {
        // Everything but stored images: these headers would replace the stricter policy the
        // /media route sends itself (default-src 'none'; sandbox).
        source: '/:path((?!media/).*)',
        headers: [{ key: 'Content-Security-Policy', value: contentSecurityPolicy }, ...common],
      },
      { source: '/media/:file', headers: common },
    ]
  },
}

export default nextConfig
