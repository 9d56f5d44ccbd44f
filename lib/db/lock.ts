import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// PGlite has no lock of its own: two processes on one folder silently lose writes. A lock file
// holding the owner's pid turns that into a clear error for the second process.

export const LOCK_FILE = 'pglite.lock'

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is already in use by another process (pid ${pid}).\n` +
        'Stop that process first, or give this one its own folder with DATA_DIR=..., ' +
        'or point both at a PostgreSQL server with DATABASE_URL=postgres://...',
    )
    this.name = 'DataDirLockedError'
  }
}

type LockInfo = { pid: number; host: string }

function readLock(file: string): LockInfo | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockInfo>
    return typeof info.pid === 'number'
      ? { pid: info.pid, host: String(info.host ?? '') }
      : undefined
  } catch {
    return undefined
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The pid holding the folder, when it is another live process on this host. */
export function lockHolder(dataDir: string): number | undefined {
  const info = readLock(path.join(dataDir, LOCK_FILE))
  if (!info || info.pid === process.pid) return undefined
  if (info.host && info.host !== os.hostname()) return info.pid
  return isAlive(info.pid) ? info.pid : undefined
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
        if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true })
      }
      process.once('exit', release)
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = lockHolder(dataDir)
      if (holder !== undefined) throw new DataDirLockedError(dataDir, holder)
      if (readLock(file)?.pid === process.pid) return () => {}
      fs.rmSync(file, { force: true })
    }
  }
  throw new Error(`Could not take the lock ${file}`)
}
