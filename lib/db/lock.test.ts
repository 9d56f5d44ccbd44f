import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './lock'
import { lockHolder, processStartTime } from './lock-file.mjs'

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

function writeLock(dir: string, pid: number, started?: string) {
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid, host: os.hostname(), started }))
}

const lockOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'))

async function liveProcess() {
  const other = spawn('sleep', ['30'])
  children.push(other)
  await new Promise((r) => other.once('spawn', r))
  return other.pid!
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

  it('takes over the lock of a process that has ended but not yet been collected (a zombie)', async () => {
    const dir = tempDir()
    // The shell starts a short `sleep` in the background and becomes a long one, which never
    // collects it. (A child that ended before the `exec` could be collected by the shell itself:
    // `true &` was, once in a while.)
    const parent = spawn('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 30'])
    children.push(parent)
    const pid = Number(await new Promise<string>((r) => parent.stdout!.once('data', r)))
    const state = () => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0]
    for (let i = 0; i < 100 && state() !== 'Z'; i++) await new Promise((r) => setTimeout(r, 20))
    expect(state()).toBe('Z')
    writeLock(dir, pid, processStartTime(pid))
    expect(lockHolder(dir)).toBeUndefined()
    const release = acquireDataDirLock(dir)
    expect(lockOf(dir).pid).toBe(process.pid)
    release()
  })

  it('writes its pid and start time, and removes the file on release', () => {
    const dir = tempDir()
    const release = acquireDataDirLock(dir)
    const lock = lockOf(dir)
    expect(lock.pid).toBe(process.pid)
    expect(lock.started).toMatch(/^\d+$/)
    expect(lock.started).toBe(processStartTime(process.pid))
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE])
    release()
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('refuses a live holder whose start time matches', async () => {
    const dir = tempDir()
    const pid = await liveProcess()
    writeLock(dir, pid, processStartTime(pid))
    expect(() => acquireDataDirLock(dir)).toThrow(`in use by another process (pid ${pid})`)
    expect(lockHolder(dir)).toBe(pid)
    expect(lockOf(dir).pid).toBe(pid)
  })

  it('takes over a lock whose pid now belongs to another process (pid reused)', async () => {
    const dir = tempDir()
    const pid = await liveProcess()
    const started = processStartTime(pid)!
    writeLock(dir, pid, String(Number(started) - 1000))
    expect(lockHolder(dir)).toBeUndefined()
    const release = acquireDataDirLock(dir)
    expect(lockOf(dir).pid).toBe(process.pid)
    release()
  })

  it('takes over a lock of its own pid written by an earlier process (same pid after restart)', () => {
    const dir = tempDir()
    writeLock(dir, process.pid, '1')
    const release = acquireDataDirLock(dir)
    expect(lockOf(dir).started).toBe(processStartTime(process.pid))
    release()
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false)
  })

  it.each([
    ['empty', ''],
    ['cut short', '{"pid":12'],
    ['not a lock', '{"pid":"x"}'],
  ])('takes over a lock file that is %s (a crash while writing)', (_name, text) => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, LOCK_FILE), text)
    expect(lockHolder(dir)).toBeUndefined()
    const release = acquireDataDirLock(dir)
    expect(lockOf(dir).pid).toBe(process.pid)
    release()
  })

  it('lets only one of two processes starting at once on a stale lock take it', async () => {
    const dir = tempDir()
    const gone = spawn('true')
    await new Promise((r) => gone.on('exit', r))
    writeLock(dir, gone.pid!)
    // Each child tries to take the lock and reports; the winner holds it until killed.
    const script = `
      const m = await import('./lib/db/lock.ts')
      const { acquireDataDirLock } = m.default ?? m
      try { acquireDataDirLock(${JSON.stringify(dir)}); console.log('took'); setTimeout(() => {}, 30000) }
      catch (e) { console.log(e.name); process.exit(0) }`
    const outcomes = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(
              process.execPath,
              ['--conditions=react-server', '--import', 'tsx', '--input-type=module', '-e', script],
              { cwd: path.resolve(import.meta.dirname, '../..') },
            )
            children.push(child)
            let out = ''
            child.stdout.on('data', (d) => {
              out += d
              if (out.includes('\n')) resolve(out.trim())
            })
            child.stderr.on('data', (d) => process.stderr.write(d))
          }),
      ),
    )
    expect(outcomes.sort()).toEqual(['DataDirLockedError', 'DataDirLockedError', 'took'])
  }, 30_000)
})
