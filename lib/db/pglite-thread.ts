import 'server-only'
import { Worker } from 'node:worker_threads'
import type { QueryOptions, Results } from '@electric-sql/pglite'

// The main thread's end of the embedded database in a worker thread (lib/db/pglite-worker.mjs):
// the part of PGlite's interface that Drizzle and the shop use (query, exec, transaction, listen,
// close), each call a message to the worker. The worker's PGlite keeps its own rule of one
// transaction at a time, so everything behaves as with PGlite on this thread; only the work moves.

type Call =
  | {
      op: 'query'
      sql: string
      params?: unknown[]
      rowMode?: 'array' | 'object'
      rawTypes: number[]
      tx?: number
    }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'close' }

type Reply = { id: number; result?: unknown; error?: SerializedError }
type SerializedError = { message: string; name?: string; stack?: string } & Record<string, unknown>

/** The worker's error as an Error here, with its fields (code, detail, constraint…). */
function toError(serialized: SerializedError): Error {
  const { message, name, stack, ...fields } = serialized
  const error = Object.assign(new Error(message), fields)
  if (name) error.name = name
  if (stack) error.stack = stack
  return error
}

/** What a query or exec runs on: the database, or one open transaction. */
export type PgliteTarget = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(sql: string): Promise<Results[]>
}

export class PgliteThread implements PgliteTarget {
  #worker: Worker
  #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >()
  #nextId = 1
  #nextTransaction = 1
  #listeners = new Map<string, Set<(payload: string) => void>>()
  #stopped: Error | undefined
  #closing = false
  #onLost: ((error: Error) => void) | undefined
  /** Statements sent, BEGIN and COMMIT included (the metric shop_db_statements_total). */
  statements = 0

  private constructor(worker: Worker) {
    this.#worker = worker
    worker.on('message', (message: Reply | { channel: string; payload: string }) => {
      if ('channel' in message) {
        for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload)
        return
      }
      const pending = this.#pending.get(message.id)
      if (!pending) return
      this.#pending.delete(message.id)
      if (message.error) pending.reject(toError(message.error))
      else pending.resolve(message.result)
    })
    const stop = (error: Error) => {
      const first = this.#stopped === undefined
      this.#stopped ??= error
      for (const { reject } of this.#pending.values()) reject(this.#stopped)
      this.#pending.clear()
      if (first && !this.#closing) this.#onLost?.(this.#stopped)
    }
    worker.on('error', stop)
    worker.on('exit', (code) =>
      stop(new Error(`The embedded database's thread ended (exit code ${code}).`)),
    )
  }

  /** Starts the worker on `dataDir` (in memory when undefined); resolves once the database is open. */
  static open(script: string, dataDir: string | undefined): Promise<PgliteThread> {
    const worker = new Worker(script, { workerData: { dataDir } })
    return new Promise((resolve, reject) => {
      // A thread that ends before it is ready (without a word) must not leave the opening waiting.
      const onExit = (code: number) =>
        reject(new Error(`The embedded database's thread ended while opening (exit code ${code}).`))
      const onMessage = (message: { ready?: true; failed?: SerializedError }) => {
        if (message.failed) reject(toError(message.failed))
        else if (message.ready) resolve(new PgliteThread(worker))
        else return
        worker.off('message', onMessage)
        worker.off('error', reject)
        worker.off('exit', onExit)
      }
      worker.on('message', onMessage)
      worker.once('error', reject)
      worker.once('exit', onExit)
    })
  }

  #call<T>(call: Call): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped)
    if (call.op !== 'listen' && call.op !== 'unlisten' && call.op !== 'close') this.statements++
    const id = this.#nextId++
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      this.#worker.postMessage({ ...call, id })
    })
  }

  #target(tx?: number): PgliteTarget {
    return {
      query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.#call<Results<T>>({
          op: 'query',
          sql,
          params,
          rowMode: options?.rowMode,
          // Functions cannot cross threads: the parsers Drizzle passes keep values as text, and so
          // do these in the worker.
          rawTypes: Object.keys(options?.parsers ?? {}).map(Number),
          tx,
        }),
      exec: (sql: string) => this.#call<Results[]>({ op: 'exec', sql, tx }),
    }
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#target().query<T>(sql, params, options)
  }

  exec(sql: string): Promise<Results[]> {
    return this.#target().exec(sql)
  }

  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. The begin
   * is not waited for: `fn`'s first statement goes right behind it and the worker runs it once
   * the transaction has begun (or fails it as the begin failed). One answer fewer to wait for
   * while the transaction holds the database.
   */
  async transaction<T>(fn: (tx: PgliteTarget) => Promise<T>): Promise<T> {
    const id = this.#nextTransaction++
    const begun = this.#call<null>({ op: 'begin', tx: id })
    // Its failure is also the failure of fn's statements, or is thrown below before a commit.
    begun.catch(() => {})
    const tx = this.#target(id)
    let result: T
    try {
      result = await fn(tx)
      await begun
    } catch (error) {
      await this.#call({ op: 'end', tx: id, commit: false }).catch(() => {})
      throw error
    }
    await this.#call({ op: 'end', tx: id, commit: true })
    return result
  }

  /** Calls `callback` with each NOTIFY on `channel`; resolves with the function that stops it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel)
    if (!listeners) {
      listeners = new Set()
      this.#listeners.set(channel, listeners)
      await this.#call({ op: 'listen', channel })
    }
    listeners.add(callback)
    return async () => {
      listeners.delete(callback)
      if (listeners.size > 0 || this.#listeners.get(channel) !== listeners) return
      this.#listeners.delete(channel)
      await this.#call({ op: 'unlisten', channel }).catch(() => {})
    }
  }

  /**
   * Calls `handler` once if the thread ends or fails while nobody closed it: the database is then
   * gone for good, and every later statement is refused.
   */
  onLost(handler: (error: Error) => void): void {
    this.#onLost = handler
  }

  /** Closes the database (PGlite writes out its state), then ends the thread. */
  async close(): Promise<void> {
    this.#closing = true
    try {
      await this.#call({ op: 'close' })
    } finally {
      await this.#worker.terminate()
    }
  }
}
