// What every scenario bench (accounts, checkout, admin) sets up the same way: a throw-away
// DATA_DIR, the environment for the embedded database or a PostgreSQL URL, TypeScript helpers run
// with the server's import conditions, and the production server on a free port.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort, startServer } from './server.mjs'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** A fresh DATA_DIR and the server's environment (PostgreSQL when `postgres` names a URL). */
export function benchEnv(name, postgres, extra = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-bench-${name}-`))
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, ...extra }
  delete env.DATABASE_URL
  if (postgres) Object.assign(env, { DATABASE_URL: postgres, DEMO_MODE: 'true' })
  return { dataDir, env }
}

/** Runs a TypeScript file of the project as the server would import it; answers its stdout. */
export function runTsx(env, args) {
  return execFileSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', '--conditions=react-server', ...args],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
  )
}

/** The production server (`npm start`) on a free port, its log in the DATA_DIR. */
export async function startBenchServer(env, dataDir) {
  return startServer({
    root: ROOT,
    port: await freePort(),
    env,
    logFile: path.join(dataDir, 'server.log'),
    readyPath: '/api/v1/products?limit=1',
  })
}
