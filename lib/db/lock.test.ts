import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './lock'

const dirs: string[] = []
const children: ChildProcess[] = []
afterEach(() => {
  for (const c of children.splice(0)) c.kill()
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'))
  dirs.push(dir)
  return dir
}

function writeLock(dir: string, pid: number) {
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid, host: os.hostname() }))
}

describe('the embedded database folder lock', () => {
  it('refuses a folder held by another live process, naming it', () => {
    const dir = tempDir()
    const other = spawn('sleep', ['30'])
    children.push(other)
    writeLock(dir, other.pid!)
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
    expect(() => acquireDataDirLock(dir)).toThrow(`in use by another process (pid ${other.pid})`)
  })

  it('takes over the lock of a process that has died', async () => {
    const dir = tempDir()
    const gone = spawn('true')
    await new Promise((r) => gone.on('exit', r))
    writeLock(dir, gone.pid!)
    const release = acquireDataDirLock(dir)
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid)
    release()
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false)
  })
})
