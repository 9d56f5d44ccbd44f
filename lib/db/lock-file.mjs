// The lock files of this app: the embedded database's (lib/db/lock.ts takes it in the server,
// scripts/start.mjs checks it before building or binding a port) and the build's of a checkout
// (scripts/build-if-needed.mjs). Plain JavaScript so that the start script can use it without a
// TypeScript loader.
//
// The file holds `{ pid, host, started }`: `started` is the process's start time (field 22 of
// /proc/<pid>/stat, on Linux), so a lock left by a killed process is recognised as stale even when
// its pid has since been given to an unrelated process (in a container the server often gets the
// same pid on every start). A file that cannot be read as such a lock (empty, cut short by a
// crash) holds nothing.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const LOCK_FILE = 'pglite.lock'

/** The start time of a process (clock ticks since boot), or undefined where /proc has none. */
export function processStartTime(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Field 2 (the command name, in parentheses) may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const started = fields[22 - 3]
    return started && /^\d+$/.test(started) ? started : undefined
  } catch {
    return undefined
  }
}

/** The lock file's content for this process. */
export function lockBody() {
  const started = processStartTime(process.pid)
  return JSON.stringify({ pid: process.pid, host: os.hostname(), ...(started ? { started } : {}) })
}

export function parseLock(text) {
  try {
    const info = JSON.parse(text)
    return Number.isSafeInteger(info?.pid) && info.pid > 0
      ? {
          pid: info.pid,
          host: String(info.host ?? ''),
          started: typeof info.started === 'string' ? info.started : undefined,
        }
      : undefined
  } catch {
    return undefined
  }
}

export function readLock(dataDir) {
  try {
    return parseLock(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))
  } catch {
    return undefined
  }
}

/**
 * Whether a process has ended and only waits for its parent to collect it (a zombie, state Z):
 * signals still reach its pid, but it holds no file and no folder. A server killed under a parent
 * that is slow to collect its children (a container's init, a shell) stays one for a while.
 */
function isZombie(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat[stat.lastIndexOf(')') + 2] === 'Z'
  } catch {
    return false
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return !isZombie(pid)
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error?.code === 'EPERM'
  }
}

/** Whether the process named by a lock is still the one that wrote it. */
export function holdsLock(info) {
  if (info.host && info.host !== os.hostname()) return true
  if (!isAlive(info.pid)) return false
  // Same pid, another process: the pid was reused after the holder died.
  if (info.started !== undefined) {
    const started = processStartTime(info.pid)
    if (started !== undefined && started !== info.started) return false
  }
  return true
}

/** The pid holding the folder, when it is another live process (or one on another host). */
export function lockHolder(dataDir) {
  const info = readLock(dataDir)
  if (!info || isOwn(info)) return undefined
  return holdsLock(info) ? info.pid : undefined
}

/** Whether a lock was written by this very process. */
export function isOwn(info) {
  if (info.pid !== process.pid || (info.host && info.host !== os.hostname())) return false
  return info.started === undefined || info.started === processStartTime(process.pid)
}

export function lockedMessage(dataDir, pid) {
  return (
    `The embedded database in ${dataDir} is already in use by another process (pid ${pid}).\n` +
    'Stop that process first, or give this one its own folder with DATA_DIR=..., ' +
    'or point both at a PostgreSQL server with DATABASE_URL=postgres://...'
  )
}

/**
 * Creates a lock file with its whole content in one step (written aside, then hard-linked into
 * place, which fails when the file exists), so a crash never leaves an empty lock behind.
 * False when a lock file is already there.
 */
export function createLock(file, body) {
  const temp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temp, body)
  try {
    fs.linkSync(temp, file)
    return true
  } catch (error) {
    const code = error?.code
    if (code === 'EEXIST') return false
    // A file system without hard links: exclusive create, then write.
    try {
      fs.writeFileSync(file, body, { flag: 'wx' })
      return true
    } catch (fallback) {
      if (fallback?.code === 'EEXIST') return false
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
export function removeStale(file, seen) {
  const aside = `${file}.${process.pid}.stale`
  try {
    fs.renameSync(file, aside)
  } catch (error) {
    if (error?.code === 'ENOENT') return
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
