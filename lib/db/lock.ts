import 'server-only'
import fs from 'node:fs'
import path from 'node:path'
import {
  holdsLock,
  isOwn,
  LOCK_FILE,
  lockBody,
  lockedMessage,
  parseLock,
  readLock,
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
 * Creates the lock file with its whole content in one step (written aside, then hard-linked into
 * place, which fails when the file exists), so a crash never leaves an empty lock behind.
 * False when a lock file is already there.
 */
function createLock(file: string, body: string): boolean {
  const temp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temp, body)
  try {
    fs.linkSync(temp, file)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    // A file system without hard links: exclusive create, then write.
    try {
      fs.writeFileSync(file, body, { flag: 'wx' })
      return true
    } catch (fallback) {
      if ((fallback as NodeJS.ErrnoException).code === 'EEXIST') return false
      throw fallback
    }
  } finally {
    fs.rmSync(temp, { force: true })
  }
}

/**
 * Removes a stale lock whose content was `seen`. It is moved aside first (one atomic step), so a
 * fresh lock another starting process wrote in the meantime is noticed and put back, not deleted.
 */
function removeStale(file: string, seen: string) {
  const aside = `${file}.${process.pid}.stale`
  try {
    fs.renameSync(file, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  try {
    if (fs.readFileSync(aside, 'utf8') !== seen) fs.linkSync(aside, file)
  } catch {
    // the other process's lock could not be put back: the next attempt reads what is there
  } finally {
    fs.rmSync(aside, { force: true })
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
