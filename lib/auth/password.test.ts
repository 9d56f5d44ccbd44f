import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { hashPassword, startPasswordThreads, verifyPassword } from './password'

// lib/auth/password.ts checks passwords in threads of their own under the production server
// (lib/auth/password-threads.ts), and on libuv's pool where no server set the threads' script.

const SCRIPT = path.join(import.meta.dirname, 'password-worker.mjs')

afterEach(() => {
  globalThis.__shopPasswordWorker = undefined
})

describe.each([
  ['in the password threads', SCRIPT],
  ['without them', undefined],
])('passwords %s', (_, script) => {
  it('hashes with argon2id and checks the password against the hash', async () => {
    globalThis.__shopPasswordWorker = script
    const stored = await hashPassword('correct horse battery')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    const checks = await Promise.all([
      verifyPassword(stored, 'correct horse battery'),
      verifyPassword(stored, 'correct horse batterY'),
      verifyPassword('not a hash', 'correct horse battery'),
      // More at once than there are threads: each waits its turn and gets its own answer.
      ...Array.from({ length: 6 }, (_, i) =>
        verifyPassword(stored, i % 2 ? 'correct horse battery' : 'wrong'),
      ),
    ])
    expect(checks).toEqual([true, false, false, false, true, false, true, false, true])
  })
})

/** A thread script that notes its start in a file, then runs the real one. */
function countingWorker(dir: string) {
  const script = path.join(dir, 'counting-worker.mjs')
  const starts = path.join(dir, 'starts')
  fs.writeFileSync(
    script,
    `import fs from 'node:fs'\nfs.appendFileSync(${JSON.stringify(starts)}, 'x')\nawait import(${JSON.stringify(SCRIPT)})\n`,
  )
  const started = () => (fs.existsSync(starts) ? fs.readFileSync(starts, 'utf8').length : 0)
  return { script, started }
}

describe('the password threads', () => {
  it('start before the first check when asked, and that check starts no more', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'password-thread-'))
    try {
      const { script, started } = countingWorker(dir)
      globalThis.__shopPasswordWorker = script
      startPasswordThreads()
      // One per core, at most eight (lib/auth/password-threads.ts).
      const threads = Math.min(8, os.availableParallelism())
      await expect.poll(started, { timeout: 10_000 }).toBe(threads)
      startPasswordThreads()
      const stored = await hashPassword('started before the first sign-in')
      expect(await verifyPassword(stored, 'started before the first sign-in')).toBe(true)
      expect(started()).toBe(threads)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('a password thread that is lost', () => {
  it('leaves the check to the calling thread, which still answers rightly', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'password-thread-'))
    const dying = path.join(dir, 'dying-worker.mjs')
    const starts = path.join(dir, 'starts')
    // Notes that it started, then ends at once, before it answers anything.
    fs.writeFileSync(
      dying,
      `import fs from 'node:fs'\nfs.appendFileSync(${JSON.stringify(starts)}, 'x')\nprocess.exit(1)\n`,
    )
    const started = () => (fs.existsSync(starts) ? fs.readFileSync(starts, 'utf8').length : 0)
    try {
      globalThis.__shopPasswordWorker = dying
      const stored = await hashPassword('a password that lasts')
      expect(await verifyPassword(stored, 'a password that lasts')).toBe(true)
      const before = started()
      expect(before).toBeGreaterThan(0)
      expect(await verifyPassword(stored, 'another')).toBe(false)
      expect(await verifyPassword(stored, 'a password that lasts')).toBe(true)
      // Lost before their first answer: no thread is started again for the checks after.
      expect(started()).toBe(before)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
