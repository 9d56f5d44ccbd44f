import 'server-only'
import fs from 'node:fs'
import path from 'node:path'
import {
  createLock,
  holdsLock,
  isOwn,
  LOCK_FILE,
  lockBody,
  lockedMessage,
  parseLock,
  readLock,
  removeStale,
} from './lock-file.mjs'

// PGlite has no lock of its own: two processes on one folder silently lose writes. A lock file
// holding the owner's pid (and start time) turns that into a clear error for the second process.
// A lock left behind by a process that died (kill -9, power loss) is taken over on the next start.

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

/**
 * Takes the folder's lock for this process. A lock of a process that is gone (or whose pid now
 * belongs to another process), and an unreadable lock file, are taken over; a live holder's lock
 * throws DataDirLockedError.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, LOCK_FILE)
  const body = lockBody()
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createLock(file, body)) {
      const release = () => {
        const info = readLock(dataDir)
        if (info && isOwn(info)) fs.rmSync(file, { force: true })
      }
      process.once('exit', release)
      return release
    }
    let seen: string
    try {
      seen = fs.readFileSync(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw error
    }
    const info = parseLock(seen)
    if (info && isOwn(info)) return () => {}
    if (info && holdsLock(info)) throw new DataDirLockedError(dataDir, info.pid)
    removeStale(file, seen)
  }
  throw new Error(`Could not take the lock ${file}`)
}
