// Builds the app when the sources changed since the last build, so `npm start` on a fresh
// clone (or after a pull) serves what the files say. The fingerprint is a hash of the sources.
// `npm run build` runs this with --always: it builds whatever the fingerprint says and records
// it, so that a start, the end-to-end tests or a bench after it use that build (a bare
// `next build` left no fingerprint, and the next start built everything again).
//
// Several `npm start` in one checkout (two hosts on one machine, each with its own PORT and
// database) may find the build missing at once, and Next refuses a second build while one runs.
// So a build runs under a lock of the checkout (.build.lock, pid and start time as the embedded
// database's lock, taken over when its holder is gone): the others wait for it, then look at the
// fingerprint again, and build only if the sources still differ from what was just built.
import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { createLock, holdsLock, lockBody, parseLock, removeStale } from '../lib/db/lock-file.mjs'
import { markCompileHints } from './compile-hints.mjs'
import { writeBrotliCopies } from './static-assets.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const INPUTS = [
  'app',
  'components',
  'lib',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.ts',
  'tailwind.config.ts',
  'postcss.config.mjs',
  'tsconfig.json',
  'package-lock.json',
]
const BUILD_LOCK = '.build.lock'
/** How often a waiting process looks at the lock again. */
const POLL_MS = 250

function* files(root, entry) {
  const full = path.join(root, entry)
  if (!fs.existsSync(full)) return
  if (fs.statSync(full).isFile()) {
    yield entry
    return
  }
  for (const name of fs.readdirSync(full, { recursive: true }).map(String).sort()) {
    if (/\.test\.tsx?$/.test(name)) continue
    const rel = path.join(entry, name)
    if (fs.statSync(path.join(root, rel)).isFile()) yield rel
  }
}

export function sourceFingerprint(root = ROOT) {
  const hash = createHash('sha256')
  for (const entry of INPUTS) {
    for (const rel of files(root, entry)) {
      hash.update(rel)
      hash.update(fs.readFileSync(path.join(root, rel)))
    }
  }
  return hash.digest('hex')
}

/** The fingerprint to build when the build in `root` is missing or stale; undefined when current. */
function staleFingerprint(root) {
  const fingerprint = sourceFingerprint(root)
  const stamp = path.join(root, '.next', 'source-fingerprint')
  const built = fs.existsSync(path.join(root, '.next', 'BUILD_ID'))
  if (built && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === fingerprint) return
  return fingerprint
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** Runs `fn` holding the checkout's build lock, waiting while another live process holds it. */
function withBuildLock(root, fn) {
  const file = path.join(root, BUILD_LOCK)
  const body = lockBody()
  let told = false
  while (!createLock(file, body)) {
    let seen
    try {
      seen = fs.readFileSync(file, 'utf8')
    } catch (error) {
      if (error?.code === 'ENOENT') continue
      throw error
    }
    const holder = parseLock(seen)
    if (!holder || !holdsLock(holder)) {
      removeStale(file, seen)
      continue
    }
    if (!told) {
      console.log(`Another process (pid ${holder.pid}) is building the shop: waiting for it…`)
      told = true
    }
    sleep(POLL_MS)
  }
  try {
    return fn()
  } finally {
    if (fs.readFileSync(file, 'utf8') === body) fs.rmSync(file, { force: true })
  }
}

/**
 * Builds when needed, or with `always` in any case. `root` and `command` (program and
 * arguments) are for tests, which build a stand-in; by default `next build` of this checkout.
 */
export function ensureBuild({
  root = ROOT,
  command = [process.execPath, path.join(ROOT, 'node_modules/next/dist/bin/next'), 'build'],
  always = false,
} = {}) {
  if (!always && staleFingerprint(root) === undefined) return
  const status = withBuildLock(root, () => {
    // Whoever held the lock may have just built these very sources.
    const fingerprint = always ? sourceFingerprint(root) : staleFingerprint(root)
    if (fingerprint === undefined) {
      console.log('The build another process just made is current: using it.')
      return 0
    }
    const built = fs.existsSync(path.join(root, '.next', 'BUILD_ID'))
    if (!always) {
      console.log(
        built
          ? 'Sources changed since the last build: building…'
          : 'First start: building the shop…',
      )
    }
    const [program, ...args] = command
    const result = spawnSync(program, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    })
    if (result.status !== 0) return result.status ?? 1
    // V8's compile hint on the scripts (scripts/compile-hints.mjs), before their copies are made.
    markCompileHints(root)
    // The build files' Brotli copies, made once here rather than at every start.
    const started = Date.now()
    const count = writeBrotliCopies(root)
    console.log(`Brotli copies of ${count} build files in ${Date.now() - started} ms`)
    fs.writeFileSync(path.join(root, '.next', 'source-fingerprint'), fingerprint)
    return 0
  })
  if (status !== 0) process.exit(status)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuild({ always: process.argv.includes('--always') })
}
