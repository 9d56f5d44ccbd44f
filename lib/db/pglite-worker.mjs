// The embedded database in a thread of its own (decision 0001): the production server opens
// PGlite here rather than on the event loop's thread, which then only sends statements and gets
// rows back (lib/db/pglite-thread.ts is the other end). PGlite's WebAssembly and its synchronous
// file writes took about a quarter of the main thread under the mixed-load bench (issue 17).
//
// Messages in: { id, op, ... } with op one of
//   query { sql, params, rowMode, rawTypes, tx? }   rows as PGlite answers them; rawTypes are the
//                                                   type ids whose values stay text (Drizzle's)
//   exec { sql, tx? }                               PGlite's exec
//   begin { tx }                                    opens transaction tx (an id the other end
//                                                   chose), answers once it has begun
//   end { tx, commit }                              commits it (or rolls it back), answers when done
//   listen / unlisten { channel }                   NOTIFY on channel comes as { channel, payload }
//   close                                           closes the database
// Messages out: { id, result } or { id, error } for each, and { ready } or { failed } once at start.
// The other end sends a transaction's first statement right behind its begin, without waiting for
// the answer: a statement of transaction tx waits here until tx has begun (or fails as its begin
// did). Each answer the other end waits for inside a transaction holds the database for a turn of
// its event loop, which a busy server makes long (issue 17).
import v8 from 'node:v8'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from './pglite-extensions.mjs'

// PostgreSQL's WebAssembly compiled by V8's optimizing tier as a whole, at start, instead of
// function by function as each gets hot. With V8's default (dynamic tiering), a fresh server ran
// the database's code in the baseline tier for its first seconds of real traffic: under
// `npm run bench:mixed` at 20 orders/s, the first 20 s after a start took 700 to 900 ms at p50 for
// each login, cart add and order (later rounds at the same rate: 35 to 85 ms), and it shed
// requests in two runs of three; with the whole module optimized, 40 to 400 ms, and none shed in
// three runs (decision 0001). This costs about 2 s of CPU while the server starts, before it
// listens. V8's flags are the process's: set here, before PGlite compiles its module, as only the
// production server runs this thread (and lib/db/pglite-thread.test.ts).
v8.setFlagsFromString('--no-wasm-dynamic-tiering')

const port = parentPort
if (!port) throw new Error('lib/db/pglite-worker.mjs runs as a worker thread')

/** What of an error crosses to the other thread: its message, name and plain fields (code, detail…). */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields = {}
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack }
}

const identity = (value) => value
/** The parsers that keep these types as text, made once per set (Drizzle sends the same one). */
const parserSets = new Map()
function rawParsers(types) {
  const key = types.join(',')
  let parsers = parserSets.get(key)
  if (!parsers) {
    parsers = Object.fromEntries(types.map((t) => [t, identity]))
    parserSets.set(key, parsers)
  }
  return parsers
}

let db
try {
  db = await PGlite.create({ dataDir: workerData.dataDir, extensions: pgliteExtensions })
} catch (error) {
  port.postMessage({ failed: serializeError(error) })
  process.exit(1)
}

/** Open transactions by id: PGlite's transaction object, and how to end it. */
const transactions = new Map()
/** Transactions asked for by id, whether or not begun yet: resolve when begun, reject as begin did. */
const beginnings = new Map()
/** Channels listened to, with the function that stops each. */
const listening = new Map()

function begin(id) {
  if (beginnings.has(id)) throw new Error(`Transaction ${id} was begun before`)
  const begun = new Promise((resolve, reject) => {
    const finished = db.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          transactions.set(id, { tx, commit, rollback, finished })
          resolve(null)
        }),
    )
    // Until the transaction has begun, its failure is the answer to `begin`; after, to `end`.
    finished.catch((error) => {
      if (!transactions.has(id)) reject(error)
    })
  })
  beginnings.set(id, begun)
  return begun
}

async function end(id, commit) {
  const begun = beginnings.get(id)
  if (!begun) throw new Error(`No open transaction ${id}`)
  beginnings.delete(id)
  try {
    await begun
  } catch (error) {
    // It never began: nothing to roll back; a commit answers why.
    if (commit) throw error
    return null
  }
  const transaction = transactions.get(id)
  transactions.delete(id)
  if (commit) transaction.commit()
  else transaction.rollback(new Error('rolled back'))
  try {
    await transaction.finished
  } catch (error) {
    if (commit) throw error
  }
  return null
}

async function target(tx) {
  if (tx === undefined) return db
  const begun = beginnings.get(tx)
  if (!begun) throw new Error(`No open transaction ${tx}`)
  await begun
  const transaction = transactions.get(tx)
  if (!transaction) throw new Error(`No open transaction ${tx}`)
  return transaction.tx
}

async function run(message) {
  switch (message.op) {
    case 'query':
      return (await target(message.tx)).query(message.sql, message.params, {
        rowMode: message.rowMode,
        parsers: rawParsers(message.rawTypes ?? []),
      })
    case 'exec':
      return (await target(message.tx)).exec(message.sql)
    case 'begin':
      return begin(message.tx)
    case 'end':
      return end(message.tx, message.commit)
    case 'listen': {
      if (!listening.has(message.channel)) {
        const stop = await db.listen(message.channel, (payload) =>
          port.postMessage({ channel: message.channel, payload }),
        )
        listening.set(message.channel, stop)
      }
      return null
    }
    case 'unlisten': {
      const stop = listening.get(message.channel)
      listening.delete(message.channel)
      if (stop) await stop()
      return null
    }
    case 'close':
      await db.close()
      return null
    default:
      throw new Error(`Unknown operation ${message.op}`)
  }
}

port.on('message', (message) => {
  run(message).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error) => port.postMessage({ id: message.id, error: serializeError(error) }),
  )
})
port.postMessage({ ready: true })
