// `npm start`: the shop on http://localhost:3000 (PORT to change), built first when needed.
// Without DATABASE_URL it runs on the embedded database in DATA_DIR (default ./data), migrated
// and filled with the demo catalog on the first start.
import path from 'node:path'
import { ensureBuild } from './build-if-needed.mjs'
import { loadShopEnv } from './shop-env.mjs'
import { lockedMessage, lockHolder } from '../lib/db/lock-file.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
process.env.NODE_ENV = 'production'
// Before any setting is read: DATABASE_URL and DATA_DIR may come from a .env file.
loadShopEnv()
const dataDir = path.resolve(ROOT, process.env.DATA_DIR || './data')

if (!process.env.DATABASE_URL) {
  const holder = lockHolder(dataDir)
  if (holder !== undefined) {
    console.error(`\n${lockedMessage(dataDir, holder)}\n`)
    process.exit(1)
  }
}

ensureBuild()

const { startServer } = await import('./server.mjs')
await startServer()
