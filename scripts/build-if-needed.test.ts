import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

// Two `npm start` in one checkout at once: the second waits for the first one's build and then
// starts on it, instead of failing on Next's "Another next build process is already running".
// The build is a stand-in that records each run and finishes only when the test says so.

const MODULE = path.resolve(import.meta.dirname, 'build-if-needed.mjs')

/** A stand-in for `next build`: notes that it ran, waits for `release`, writes a build. */
const STAND_IN = `
const fs = require('node:fs')
fs.appendFileSync('builds.log', 'build\\n')
const until = Date.now() + 60_000
while (!fs.existsSync('release') && Date.now() < until) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50)
}
fs.mkdirSync('.next', { recursive: true })
fs.writeFileSync('.next/BUILD_ID', 'stand-in')
`

const children: ChildProcess[] = []
const roots: string[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true })
})

function checkout() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-build-lock-'))
  roots.push(root)
  fs.mkdirSync(path.join(root, 'app'))
  fs.writeFileSync(path.join(root, 'app', 'page.tsx'), 'export default 1\n')
  fs.writeFileSync(path.join(root, 'stand-in.cjs'), STAND_IN)
  return root
}

/** `npm start`'s first step, ensureBuild, in a process of its own. */
function start(root: string, always = false) {
  const script = `import(${JSON.stringify(MODULE)}).then((m) => m.ensureBuild({
    root: ${JSON.stringify(root)},
    command: [process.execPath, 'stand-in.cjs'],
    always: ${always},
  }))`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root })
  children.push(child)
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { exit, output: () => output }
}

const builds = (root: string) =>
  fs.existsSync(path.join(root, 'builds.log'))
    ? fs.readFileSync(path.join(root, 'builds.log'), 'utf8').split('\n').filter(Boolean).length
    : 0

describe('ensureBuild', () => {
  it('lets a second start wait for the first one’s build, then use it', async () => {
    const root = checkout()
    const first = start(root)
    await expect.poll(() => builds(root), { timeout: 30_000 }).toBe(1)
    const second = start(root)
    await expect
      .poll(second.output, { timeout: 30_000 })
      .toMatch(/is building the shop: waiting for it/)
    fs.writeFileSync(path.join(root, 'release'), '')
    expect(await first.exit).toBe(0)
    expect(await second.exit).toBe(0)
    expect(second.output()).toContain('The build another process just made is current')
    expect(builds(root)).toBe(1)
    expect(fs.existsSync(path.join(root, '.build.lock'))).toBe(false)

    // Sources changed since: the next start builds again.
    fs.writeFileSync(path.join(root, 'app', 'page.tsx'), 'export default 2\n')
    expect(await start(root).exit).toBe(0)
    expect(builds(root)).toBe(2)
  }, 60_000)

  it('builds with always (npm run build) even when current, and a start after it does not', async () => {
    const root = checkout()
    fs.writeFileSync(path.join(root, 'release'), '')
    expect(await start(root).exit).toBe(0)
    expect(builds(root)).toBe(1)
    expect(await start(root, true).exit).toBe(0)
    expect(builds(root)).toBe(2)
    expect(await start(root).exit).toBe(0)
    expect(builds(root)).toBe(2)
  }, 60_000)

  it('takes over the lock of a build whose process is gone', async () => {
    const root = checkout()
    fs.writeFileSync(path.join(root, 'release'), '')
    const gone = spawn(process.execPath, ['-e', ''])
    const pid = gone.pid!
    await new Promise((resolve) => gone.once('exit', resolve))
    fs.writeFileSync(path.join(root, '.build.lock'), JSON.stringify({ pid, host: os.hostname() }))
    const run = start(root)
    expect(await run.exit).toBe(0)
    expect(builds(root)).toBe(1)
    expect(run.output()).not.toContain('waiting')
  }, 60_000)
})
