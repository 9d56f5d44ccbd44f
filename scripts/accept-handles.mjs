// More than one accept per event-loop turn for the production server (scripts/server.mjs).
//
// Node 20's libuv takes one new connection per listening handle per turn of the event loop
// (libuv 1.45, "don't accept() connections in a loop"; nodejs/node#57364). When the main thread
// is busy, turns are long (13.5 ms apart at the median under the mixed-load bench), so a process
// takes in about 70 new connections a second however many wait: the kernel's accept queue fills,
// SYNs are dropped and clients resend them after 1, 3, 7 s, while the requests on connections
// already open are answered in a millisecond (decision 0016). The fix here: the same listening
// socket under several handles, each a file descriptor of its own in the event loop, so each turn
// takes up to that many connections. Node has no call that duplicates a descriptor, but passing a
// handle to another process and back does exactly that: a short-lived child receives the
// listening handle ACCEPT_HANDLES - 1 times and sends each back; every copy it returns is a new
// descriptor of the same socket, whose connections are handed to the HTTP server as its own. The
// child exits at once. A handle listens from the moment it arrives, in the child and here: every
// connection either takes meanwhile is handed to the HTTP server at once (the child sends its own
// back), so none is hung up or left unanswered while a server starts under traffic. Closing the server closes every copy, and its callback waits for the
// connections of all of them.
import { fork } from 'node:child_process'
import path from 'node:path'

const ECHO = path.join(import.meta.dirname, 'accept-handles-echo.cjs')
/** How long the child may take to send the copies back before the server goes on without them. */
const ECHO_TIMEOUT_MS = 5_000

/**
 * Gives the listening `server` `count - 1` more handles of its socket (count 1: nothing to do).
 * Resolves with how many handles it listens with in the end (1 when the copies could not be made:
 * the server works as before, and `warn` says why).
 * @param {import('node:http').Server} server
 * @param {number} count
 * @param {(message: string) => void} warn
 */
export async function addAcceptHandles(server, count, warn) {
  if (count <= 1) return 1
  let copies
  try {
    copies = await copyListeningHandle(server, count - 1, warn)
  } catch (error) {
    warn(
      `accept handles: kept the one listening handle (${error instanceof Error ? error.message : error})`,
    )
    return 1
  }
  const close = server.close
  server.close = function closeAll(callback) {
    let open = copies.length + 1
    const closed = () => {
      if (--open === 0) callback?.()
    }
    for (const copy of copies) copy.close(closed)
    return close.call(this, closed)
  }
  return copies.length + 1
}

/** Hands a connection accepted by a copy (or by the child) to the HTTP server, as its own. */
function handOver(server, socket) {
  // What the HTTP server sets on the connections it accepts itself (http.createServer's noDelay).
  socket.setNoDelay(true)
  server.emit('connection', socket)
}

/** @returns {Promise<import('node:net').Server[]>} */
function copyListeningHandle(server, count, warn) {
  return new Promise((resolve, reject) => {
    const child = fork(ECHO, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
    const copies = []
    const finish = (error) => {
      clearTimeout(timer)
      child.removeAllListeners()
      child.on('error', () => {})
      if (child.connected) child.disconnect()
      child.kill()
      if (error) {
        for (const copy of copies) copy.close()
        reject(error)
      } else resolve(copies)
    }
    const timer = setTimeout(
      () => finish(new Error('the copying process did not answer')),
      ECHO_TIMEOUT_MS,
    )
    child.on('error', finish)
    child.on('exit', () => finish(new Error('the copying process ended early')))
    child.on('message', (message, handle) => {
      // A connection the child was given while it held a copy (accept-handles-echo.cjs): ours.
      if (message === 'connection') {
        if (handle) handOver(server, handle)
        return
      }
      // Every copy is closed in the child and every connection it took has come back.
      if (message === 'done') return finish()
      if (!handle) return finish(new Error('a copy came back without its handle'))
      // A copy listens as it arrives: its connections go to the HTTP server from the first one
      // (they once waited for the last copy, and those accepted meanwhile were never answered).
      handle.on('connection', (socket) => handOver(server, socket))
      handle.on('error', (error) => warn(`accept handles: ${error.message}`))
      copies.push(handle)
      if (copies.length === count) child.send('done?')
    })
    for (let i = 0; i < count; i++) child.send('copy', server)
  })
}
