// Builds the app when the sources changed since the last build, so `npm start` on a fresh
// clone (or after a pull) serves what the files say. The fingerprint is a hash of the sources.
import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

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
const STAMP = path.join(ROOT, '.next', 'source-fingerprint')

function* files(entry) {
  const full = path.join(ROOT, entry)
  if (!fs.existsSync(full)) return
  if (fs.statSync(full).isFile()) {
    yield entry
    return
  }
  for (const name of fs.readdirSync(full, { recursive: true }).map(String).sort()) {
    if (/\.test\.tsx?$/.test(name)) continue
    const rel = path.join(entry, name)
    if (fs.statSync(path.join(ROOT, rel)).isFile()) yield rel
  }
}

export function sourceFingerprint() {
  const hash = createHash('sha256')
  for (const entry of INPUTS) {
    for (const rel of files(entry)) {
      hash.update(rel)
      hash.update(fs.readFileSync(path.join(ROOT, rel)))
    }
  }
  return hash.digest('hex')
}

export function ensureBuild() {
  const fingerprint = sourceFingerprint()
  const built = fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))
  if (built && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === fingerprint) return
  console.log(
    built ? 'Sources changed since the last build: building…' : 'First start: building the shop…',
  )
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'build'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  )
  if (result.status !== 0) process.exit(result.status ?? 1)
  fs.writeFileSync(STAMP, fingerprint)
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild()
