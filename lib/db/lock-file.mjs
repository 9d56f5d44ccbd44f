// Reading the embedded database's lock file: shared by lib/db/lock.ts, which takes the lock in
// the server, and scripts/start.mjs, which checks it before building or binding a port.
// Plain JavaScript so that the start script can use it without a TypeScript loader.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const LOCK_FILE = 'pglite.lock'

export function readLock(dataDir) {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))
    return typeof info.pid === 'number'
      ? { pid: info.pid, host: String(info.host ?? '') }
      : undefined
  } catch {
    return undefined
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error?.code === 'EPERM'
  }
}

/** The pid holding the folder, when it is another live process (or one on another host). */
export function lockHolder(dataDir) {
  const info = readLock(dataDir)
  if (!info || info.pid === process.pid) return undefined
  if (info.host && info.host !== os.hostname()) return info.pid
  return isAlive(info.pid) ? info.pid : undefined
}

export function lockedMessage(dataDir, pid) {
  return (
    `The embedded database in ${dataDir} is already in use by another process (pid ${pid}).\n` +
    'Stop that process first, or give this one its own folder with DATA_DIR=..., ' +
    'or point both at a PostgreSQL server with DATABASE_URL=postgres://...'
  )
}
