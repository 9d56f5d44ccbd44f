// The production server: Next behind a micro-cache for the storefront's cached pages
// (scripts/front-cache.mjs). `npm start`, the end-to-end tests and the benchmark all run this.
//   PORT (3000), HOSTNAME (all interfaces): where to listen.
import { createServer } from 'node:http'
import path from 'node:path'
import { createFrontCache } from './front-cache.mjs'
import { createStaticAssets } from './static-assets.mjs'

process.env.NODE_ENV = 'production'
const ROOT = path.resolve(import.meta.dirname, '..')

export async function startServer({
  port = Number(process.env.PORT || 3000),
  hostname = process.env.HOSTNAME,
} = {}) {
  const { default: next } = await import('next')
  const frontCache = createFrontCache()
  // The page cache handler empties the front cache whenever it drops a tag.
  globalThis.__shopFrontCache = frontCache
  const app = next({ dev: false, dir: ROOT, port, hostname: hostname || 'localhost' })
  const handle = app.getRequestHandler()
  await app.prepare()
  const staticAssets = createStaticAssets({ root: ROOT, log: console.log })
  const server = createServer((req, res) => {
    if (staticAssets.serve(req, res)) return
    if (frontCache.serve(req, res)) return
    frontCache.capture(req, res)
    handle(req, res).catch((error) => {
      console.error('[server] request failed', error)
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      res.end('Internal Server Error')
    })
  })
  // Keep-alive a little longer than common proxies' idle timeouts.
  server.keepAliveTimeout = 65_000
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, hostname, resolve)
  })
  console.log(`▲ ByteShop ready on http://${hostname || 'localhost'}:${port}`)
  const shutdown = () => {
    server.close(() => process.exit(0))
    setTimeout(() => process.exit(0), 5000).unref()
  }
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)
  return server
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
