// The production server under test, in its own process group so that stopping it also stops
// anything it spawned, and so that a Ctrl-C in the terminal reaches us first (we clean up).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** Last lines of a log file, for error messages. */
export function tail(file, lines = 30) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return ''
  }
}

/** The servers the bench compares, as node arguments. */
export const SERVERS = {
  // The server `npm start` runs: Next behind the front micro-cache.
  front: (root) => [path.join(root, 'scripts/server.mjs')],
  // Next's own production server on the same build and data, without the front cache.
  next: (root, port) => [
    path.join(root, 'node_modules/next/dist/bin/next'),
    'start',
    '--port',
    String(port),
    '--hostname',
    '127.0.0.1',
  ],
  // The machine's limit: the same bytes from memory (bench/lib/bare-server.mjs).
  bare: (root, port, bodiesFile) => [
    path.join(root, 'bench/lib/bare-server.mjs'),
    String(port),
    bodiesFile,
  ],
}

/**
 * Starts a server (SERVERS) and resolves once `readyPath` answers 200. `stop()` ends the whole
 * group and resolves when the process is gone (PGlite's folder lock is free again then).
 */
export async function startServer({
  root,
  port,
  env,
  logFile,
  readyPath,
  kind = 'front',
  bodiesFile,
  timeoutMs = 90_000,
  pollMs = 250,
}) {
  const log = fs.openSync(logFile, 'a')
  // BENCH_CPU_PROF=DIR: a V8 CPU profile of each shop server and of `next start` beside it, one
  // file per thread, written to DIR when it stops (open it in Chrome's DevTools, or sum up a
  // phase of it with bench/profile-summary.mjs; the profile the issues ask for before changing
  // anything). The bare server is left alone: it stands for the machine's limit.
  const profile =
    (kind === 'front' || kind === 'next') && process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
      : []
  const child = spawn(process.execPath, [...profile, ...SERVERS[kind](root, port, bodiesFile)], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    detached: true,
    stdio: ['ignore', log, log],
  })
  fs.closeSync(log)
  let exited = false
  let stopping = false
  const exit = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true
      server.exit = signal ? `signal ${signal}` : `exit code ${code}`
      resolve({ code, signal })
    })
  })

  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal)
    } catch {
      // already gone
    }
  }
  const stop = async () => {
    stopping = true
    if (exited) return
    signalGroup('SIGTERM')
    const done = await Promise.race([exit.then(() => true), sleep(10_000).then(() => false)])
    if (!done) {
      signalGroup('SIGKILL')
      await exit
    }
  }
  const server = {
    child,
    stop,
    baseUrl: `http://127.0.0.1:${port}`,
    /** How it ended, once it did. */
    exit: null,
    /** Ended without our asking: someone else stopped it, or it crashed. */
    died: () => exited && !stopping,
  }

  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(`The server exited before answering. Its log:\n${tail(logFile)}`)
    }
    // A timer of our own rather than AbortSignal.timeout, whose timer is not kept alive by the
    // fetch: a probe must never wait past its 5 s.
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), 5_000)
    try {
      const response = await fetch(server.baseUrl + readyPath, { signal: controller.signal })
      await response.arrayBuffer()
      if (response.ok) return server
    } catch {
      // not listening yet
    } finally {
      clearTimeout(timer)
    }
    await sleep(pollMs)
  }
  await stop()
  throw new Error(`The server did not answer within ${timeoutMs / 1000} s. Log:\n${tail(logFile)}`)
}
