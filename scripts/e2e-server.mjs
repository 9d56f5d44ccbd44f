// The server behind the end-to-end tests: the production server `npm start` runs
// (scripts/server.mjs, front cache included) on the production build, with a fresh, temporary
// DATA_DIR (embedded database, demo catalog), removed again when the tests end.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureBuild } from './build-if-needed.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
ensureBuild()

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'))
console.log(`[e2e] DATA_DIR=${dataDir}`)
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PORT: process.env.PORT || '3100',
}
delete env.DATABASE_URL

const child = spawn(process.execPath, [path.join(ROOT, 'scripts/server.mjs')], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
})
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => {
  cleanup()
  process.exit(code ?? 0)
})
