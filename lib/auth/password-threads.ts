import 'server-only'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'

// The threads that check passwords for the production server (lib/auth/password-worker.mjs;
// decision 0022). argon2 is the costliest step of a sign-in by far (about 16 ms of a core, 19 MiB).
// Called asynchronously it runs on libuv's pool: four threads whatever the machine, shared with
// file and DNS work, so on two cores four hashes at once and the event loop's thread took turns on
// the cores. Here there is one thread per core (at most MAX_THREADS), each hashing one at a time,
// its next job waiting in its own queue: a thread never waits for the busy main thread to hand it
// its next hash, and libuv's pool stays free for files.
// Unset (tests, commands, `next dev`): lib/auth/password.ts hashes on libuv's pool.

const MAX_THREADS = 8

type Job =
  | { op: 'hash'; password: string; options: object }
  | { op: 'verify'; hash: string; password: string }

/** ran false: the thread was lost before it answered; the caller hashes on its own thread. */
type Outcome<T> = { ran: true; result: T } | { ran: false }

type Thread = {
  worker: Worker
  answered: boolean
  pending: Map<number, { resolve: (outcome: Outcome<never>) => void; reject: (e: Error) => void }>
}

export type PasswordThreads = {
  run<T>(job: Job): Promise<Outcome<T>>
  /** Starts the threads a job would start, with no job: their start is not a caller's wait. */
  start(): void
}

function startThread(script: string, threads: Thread[], onLost: (thread: Thread) => void): Thread {
  const worker = new Worker(script)
  const thread: Thread = { worker, answered: false, pending: new Map() }
  worker.on('message', (message: { id: number; result?: never; error?: string }) => {
    const waiting = thread.pending.get(message.id)
    if (!waiting) return
    thread.pending.delete(message.id)
    thread.answered = true
    // An idle thread does not keep the process alive; one with work to answer does.
    if (thread.pending.size === 0) worker.unref()
    if (message.error !== undefined) waiting.reject(new Error(message.error))
    else waiting.resolve({ ran: true, result: message.result as never })
  })
  const lost = () => {
    const at = threads.indexOf(thread)
    if (at >= 0) threads.splice(at, 1)
    for (const waiting of thread.pending.values()) waiting.resolve({ ran: false })
    thread.pending.clear()
    onLost(thread)
  }
  worker.on('error', lost)
  worker.on('exit', lost)
  worker.unref()
  return thread
}

function createPasswordThreads(script: string): PasswordThreads {
  const size = Math.min(MAX_THREADS, Math.max(1, availableParallelism()))
  const threads: Thread[] = []
  let nextId = 1
  // A thread lost before its first answer means the script cannot run here (a broken install):
  // every job then hashes on libuv's pool rather than starting threads that die each time.
  let broken = false
  const onLost = (thread: Thread) => {
    if (!thread.answered) broken = true
  }
  const fill = () => {
    // A thread lost after it has worked is replaced on the next job.
    while (threads.length < size) threads.push(startThread(script, threads, onLost))
  }
  return {
    start() {
      if (!broken) fill()
    },
    run<T>(job: Job): Promise<Outcome<T>> {
      if (broken) return Promise.resolve({ ran: false })
      fill()
      // All jobs cost about the same: the thread with the fewest waiting gets it.
      let thread = threads[0]!
      for (const t of threads) if (t.pending.size < thread.pending.size) thread = t
      const id = nextId++
      return new Promise<Outcome<T>>((resolve, reject) => {
        if (thread.pending.size === 0) thread.worker.ref()
        thread.pending.set(id, { resolve: resolve as (o: Outcome<never>) => void, reject })
        thread.worker.postMessage({ id, ...job })
      })
    },
  }
}

/** The server's password threads, or undefined where it set no script (lib/ops/process-hooks.d.ts). */
export function passwordThreads(): PasswordThreads | undefined {
  const script = globalThis.__shopPasswordWorker
  if (!script) return undefined
  // On globalThis, like the database: every bundle that includes this module shares one set.
  const made = globalThis.__shopPasswordThreads
  if (made?.script === script) return made.threads
  const threads = createPasswordThreads(script)
  globalThis.__shopPasswordThreads = { script, threads }
  return threads
}
