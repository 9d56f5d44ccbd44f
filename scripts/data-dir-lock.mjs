// The start scripts' early check of the embedded database's lock (lib/db/lock.ts takes the lock
// itself; this only reads it, so a second `npm start` stops before building or binding a port).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export function dataDirHolder(dataDir) {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8'))
    if (typeof info.pid !== 'number' || info.pid === process.pid) return undefined
    if (info.host && info.host !== os.hostname()) return info.pid
    process.kill(info.pid, 0)
    return info.pid
  } catch (error) {
    return error?.code === 'EPERM' ? -1 : undefined
  }
}
