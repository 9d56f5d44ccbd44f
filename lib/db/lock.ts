import 'server-only'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { LOCK_FILE, lockedMessage, lockHolder, readLock } from './lock-file.mjs'

// PGlite has no lock of its own: two processes on one folder silently lose writes. A lock file
// holding the owner's pid turns that into a clear error for the second process.

export { LOCK_FILE }

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(lockedMessage(dataDir, pid))
    this.name = 'DataDirLockedError'
  }
}

/** Takes the folder's lock for this process (stale locks of dead processes are taken over). */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, LOCK_FILE)
  const body = JSON.stringify({ pid: process.pid, host: os.hostname() })
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, body, { flag: 'wx' })
      const release = () => {
        if (readLock(dataDir)?.pid === process.pid) fs.rmSync(file, { force: true })
      }
      process.once('exit', release)
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = lockHolder(dataDir)
      if (holder !== undefined) throw new DataDirLockedError(dataDir, holder)
      if (readLock(dataDir)?.pid === process.pid) return () => {}
      fs.rmSync(file, { force: true })
    }
  }
  throw new Error(`Could not take the lock ${file}`)
}
