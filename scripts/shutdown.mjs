// Graceful shutdown of the production server (scripts/server.mjs) on SIGTERM or SIGINT:
//   1. stop accepting connections at once (server.close()), close idle keep-alive connections and
//      answer requests that still arrive on open ones with `Connection: close`;
//      `globalThis.__shopShuttingDown` is set, so a readiness check can answer 503;
//   2. let the requests in flight finish, up to SHUTDOWN_TIMEOUT_MS (default 10000), then cut
//      what is left; once none has been in flight for a second, connections still open (a
//      request only half sent) are closed rather than waited for until the deadline;
//   3. end the page cache's LISTEN connection, stop the mail worker (it claims no more mail and
//      finishes the deliveries in flight, lib/mail/mail-worker.ts), and close the database (for
//      the embedded database: PGlite writes out its state and the DATA_DIR lock file is removed);
//   4. exit 0 (1 when the database could not be closed).
// A second signal exits at once, unless it comes within a second of the first: Ctrl-C under
// `npm start` reaches the server twice at once (from the terminal and forwarded by npm).
// Each step is logged as one JSON line.

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000
/** A signal this soon after the first is the same one, delivered twice. */
const REPEAT_WINDOW_MS = 1_000
/** How long closing the database may take before the process gives up on it. */
const CLOSE_TIMEOUT_MS = 5_000
/**
 * Once no request has been in flight for this long after the signal, connections still open
 * carry nothing the shop promised to finish (a request only half received, say), and they are
 * closed: they would otherwise hold server.close() until the deadline. Longer than the moment
 * between a pipelined request's predecessor being answered and its own start.
 */
const QUIET_MS = 1_000

const logLine = (fields) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', ...fields }))

/** What has to be closed after the last request, in order; set by code inside Next's modules. */
const defaultClosers = () => [
  ['page cache listener', globalThis.__shopStopCacheListener],
  ['mail worker', globalThis.__shopStopMailWorker],
  ['database upkeep', globalThis.__shopStopUpkeep],
  ['database', globalThis.__shopCloseDatabase],
]

function withTimeout(promise, ms, what) {
  let timer
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish in ${ms} ms`)), ms)
      timer.unref()
    }),
  ]).finally(() => clearTimeout(timer))
}

/**
 * Installs the signal handlers for `server`; returns `shutdown(signal)` (what a signal calls),
 * which resolves with the exit code once `exit` has been called.
 */
export function handleShutdown(
  server,
  {
    timeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS,
    log = logLine,
    exit = (code) => process.exit(code),
    closers = defaultClosers,
    signals = ['SIGTERM', 'SIGINT'],
    repeatWindowMs = REPEAT_WINDOW_MS,
  } = {},
) {
  let inFlight = 0
  let stopping = false
  let signalledAt = 0
  // First among the request listeners, so the header is set before any answer is written.
  server.prependListener('request', (_req, res) => {
    inFlight++
    res.once('close', () => inFlight--)
    if (stopping) res.setHeader('connection', 'close')
  })

  async function shutdown(signal) {
    if (stopping && Date.now() - signalledAt < repeatWindowMs) {
      log({ msg: 'shutdown: signal repeated at once, taken as the same one', signal })
      return undefined
    }
    if (stopping) {
      log({ level: 'warn', msg: 'shutdown: second signal, exiting at once', signal, inFlight })
      exit(1)
      return 1
    }
    stopping = true
    signalledAt = Date.now()
    globalThis.__shopShuttingDown = true
    const started = Date.now()
    log({ msg: 'shutdown: no longer accepting connections', signal, inFlight, timeoutMs })
    const drained = new Promise((resolve) => server.close(() => resolve(true)))
    // Keep-alive connections between requests would hold server.close() up to their timeout.
    server.closeIdleConnections()
    let quietSince
    const sweep = setInterval(() => {
      server.closeIdleConnections()
      if (inFlight > 0) quietSince = undefined
      else if (quietSince === undefined) quietSince = Date.now()
      else if (Date.now() - quietSince >= QUIET_MS) server.closeAllConnections()
    }, 50)
    let timer
    const deadline = new Promise((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs)
    })
    const finished = await Promise.race([drained, deadline])
    clearInterval(sweep)
    clearTimeout(timer)
    if (finished) {
      log({ msg: 'shutdown: requests in flight finished', ms: Date.now() - started })
    } else {
      log({
        level: 'warn',
        msg: 'shutdown: deadline reached, cutting requests',
        inFlight,
        timeoutMs,
      })
      server.closeAllConnections()
    }
    let code = 0
    for (const [name, close] of closers()) {
      if (typeof close !== 'function') continue
      try {
        await withTimeout(Promise.resolve().then(close), CLOSE_TIMEOUT_MS, `closing the ${name}`)
        log({ msg: `shutdown: closed the ${name}` })
      } catch (error) {
        code = 1
        log({ level: 'error', msg: `shutdown: could not close the ${name}`, error: String(error) })
      }
    }
    log({ msg: 'shutdown: done', ms: Date.now() - started, exitCode: code })
    exit(code)
    return code
  }

  for (const signal of signals) process.on(signal, () => void shutdown(signal))
  return shutdown
}
