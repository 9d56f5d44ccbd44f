// The build's scripts and stylesheets (/_next/static/**) in Brotli, for browsers that accept it.
// Next compresses with gzip only; Brotli at its highest level makes the framework's files about
// 15 % smaller, and those files are most of a page's first-load JavaScript (bench/js-size.mjs).
// The files never change for a build (their names carry a hash), so each is compressed once, when
// the shop is built (`writeBrotliCopies`, run by scripts/build-if-needed.mjs after `next build`),
// into .next/shop-brotli/ with that build's id. A start reads those copies; it compresses in the
// background only what a build made otherwise (a bare `next build`) lacks, and until a file's
// turn comes, Next serves it with gzip as before. Compressing at start took one core for about
// 5 s on a 2-core machine, the very seconds a new process meets its first traffic (issue 17,
// bench/start.mjs: about a fifth fewer answers in its first 5 s).
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { createRequire } from 'node:module'
import { codingWeights, preferredCoding } from './front-cache.mjs'

const require = createRequire(import.meta.url)
const { SCALAR_BUNDLE_PATH, scalarBundle } = require('../lib/api/openapi/scalar-bundle.cjs')

const PREFIX = '/_next/static/'
const TYPES = new Map([
  ['.js', 'application/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
])
const brotli = promisify(zlib.brotliCompress)
/** Where the build keeps its files' Brotli copies, with the BUILD_ID they were made for. */
const COPIES = path.join('.next', 'shop-brotli')
const BROTLI_MAX = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
}
const gzip = promisify(zlib.gzip)
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Sends bytes kept in memory in `coding` (HEAD: the headers only); answers true. */
function sendKept(req, res, type, body, coding, cacheControl) {
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': body.length,
    ...(coding === 'identity' ? {} : { 'Content-Encoding': coding }),
    'Cache-Control': cacheControl,
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
  })
  res.end(req.method === 'HEAD' ? undefined : body)
  return true
}

/** Whether an Accept-Encoding header allows `br` (named, or through `*`, with a q above 0). */
export function acceptsBrotli(header) {
  if (typeof header !== 'string') return false
  const q = codingWeights(header)
  return (q.get('br') ?? q.get('*') ?? 0) > 0
}

/** Every .js and .css file under `.next/static`, by URL path (nothing else is ever served). */
function listFiles(staticDir) {
  const files = new Map()
  if (!fs.existsSync(staticDir)) return files
  for (const name of fs.readdirSync(staticDir, { recursive: true })) {
    const rel = String(name).split(path.sep).join('/')
    if (!TYPES.has(path.extname(rel))) continue
    files.set(PREFIX + rel, path.join(staticDir, rel))
  }
  return files
}

/** The build's id, or undefined when there is no build. */
function buildId(root) {
  try {
    return fs.readFileSync(path.join(root, '.next', 'BUILD_ID'), 'utf8')
  } catch {
    return undefined
  }
}

/**
 * Writes the Brotli copy of every build file into .next/shop-brotli/ (at Brotli's highest level),
 * then the build id they belong to; answers how many files. Run after `next build`.
 * @param {string} root
 */
export function writeBrotliCopies(root) {
  const id = buildId(root)
  const dir = path.join(root, COPIES)
  fs.rmSync(dir, { recursive: true, force: true })
  if (id === undefined) return 0
  const files = listFiles(path.join(root, '.next', 'static'))
  fs.mkdirSync(dir, { recursive: true })
  for (const [urlPath, file] of files) {
    const copy = path.join(dir, `${urlPath.slice(PREFIX.length)}.br`)
    fs.mkdirSync(path.dirname(copy), { recursive: true })
    fs.writeFileSync(copy, zlib.brotliCompressSync(fs.readFileSync(file), BROTLI_MAX))
  }
  fs.writeFileSync(path.join(dir, 'BUILD_ID'), id)
  return files.size
}

export function createStaticAssets({ root, log = () => {} }) {
  const files = listFiles(path.join(root, '.next', 'static'))
  /** URL path → { body, type } once compressed. */
  const ready = new Map()
  const id = buildId(root)
  const copies = path.join(root, COPIES)

  // The build's copies when they are this build's; otherwise one file at a time, so that
  // start-up work never competes much with requests.
  const warmed = (async () => {
    const started = Date.now()
    const stamp = await fs.promises
      .readFile(path.join(copies, 'BUILD_ID'), 'utf8')
      .catch(() => undefined)
    const fromBuild = id !== undefined && stamp === id
    let raw = 0
    let packed = 0
    let made = 0
    for (const [urlPath, file] of files) {
      let body = fromBuild
        ? await fs.promises
            .readFile(path.join(copies, `${urlPath.slice(PREFIX.length)}.br`))
            .catch(() => undefined)
        : undefined
      const size = (await fs.promises.stat(file)).size
      if (body === undefined) {
        const source = await fs.promises.readFile(file)
        body = await brotli(source, {
          params: {
            ...BROTLI_MAX.params,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        })
        made++
      }
      ready.set(urlPath, { body, type: TYPES.get(path.extname(file)) })
      raw += size
      packed += body.length
    }
    log(
      `[static] ${files.size} files in Brotli (${Math.round(raw / 1024)} → ${Math.round(packed / 1024)} KiB), ${made} compressed now, in ${Date.now() - started} ms`,
    )
  })().catch((error) => {
    // Next still serves every file with gzip; nothing is lost but bytes.
    log(`[static] Brotli disabled: ${error instanceof Error ? error.message : error}`)
  })

  const scalar = createScalarAsset({ root, log })

  /** Answers a request for a build file in Brotli, or returns false for Next to answer it. */
  function serve(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const url = req.url ?? ''
    if (scalar.serve(req, res, url)) return true
    if (!url.startsWith(PREFIX)) return false
    const queryAt = url.indexOf('?')
    const entry = ready.get(queryAt === -1 ? url : url.slice(0, queryAt))
    if (!entry || !acceptsBrotli(req.headers['accept-encoding'])) return false
    return sendKept(req, res, entry.type, entry.body, 'br', IMMUTABLE)
  }

  return { serve, warmed }
}

/**
 * Scalar's browser bundle for the API reference page (lib/api/openapi/scalar-bundle.cjs): 3.5 MB
 * that Next copies and compresses again for every request (about 90 ms of the main thread each).
 * Here it is read once, on its first request, and compressed off the main thread (zlib's own
 * threads: Brotli 420 ms, gzip 120 ms, once); until then, Next answers as before. Then every
 * request is sent the kept bytes in the best coding it takes: Brotli, gzip or none.
 */
function createScalarAsset({ root, log }) {
  /** @type {{ version: string, codings: Map<string, Buffer> } | undefined} */
  let ready
  let started = false

  function prepare() {
    started = true
    ;(async () => {
      const { bytes, version } = scalarBundle(root)
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: 9 }),
      ])
      ready = {
        version,
        codings: new Map([
          ['br', br],
          ['gzip', gz],
          ['identity', bytes],
        ]),
      }
    })().catch((error) => {
      // Next's route still serves it (slowly); nothing is lost but time.
      log(
        `[static] API reference bundle left to Next: ${error instanceof Error ? error.message : error}`,
      )
    })
  }

  function codingFor(header) {
    if (acceptsBrotli(header)) return 'br'
    const preferred = preferredCoding(header)
    // deflate is not kept (no browser prefers it); Next answers that rare client.
    return preferred === 'gzip' || preferred === 'identity' ? preferred : undefined
  }

  function serve(req, res, url) {
    const queryAt = url.indexOf('?')
    if ((queryAt === -1 ? url : url.slice(0, queryAt)) !== SCALAR_BUNDLE_PATH) return false
    if (!ready) {
      if (!started) prepare()
      return false
    }
    const coding = codingFor(req.headers['accept-encoding'])
    if (coding === undefined) return false
    const body = ready.codings.get(coding)
    // The page asks for ?v=<its version>: that URL's bytes never change. Any other URL gets the
    // current bundle, which a later release may change.
    const current = queryAt !== -1 && url.slice(queryAt) === `?v=${ready.version}`
    const type = 'text/javascript; charset=utf-8'
    return sendKept(req, res, type, body, coding, current ? IMMUTABLE : 'public, max-age=300')
  }

  return { serve }
}
