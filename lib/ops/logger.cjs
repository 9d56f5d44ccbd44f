// The process's log: one JSON object per line on standard output (pino), for the shop's server
// (scripts/server.mjs) and the app's code alike. In the server, the lines of one turn of the event
// loop go out together, in order, in one write at the end of that turn (under load a write per
// request line was about 6 % of the main thread's time); whatever is pending is written when the
// process exits, so only a kill -9 can lose the last turn's lines. Commands and tests write each
// line at once (their own console output stays in order with it). No worker thread is involved.
//
// No input can forge or split a line: JSON escapes line breaks and other C0 controls, and the
// breaks JSON leaves as they are (DEL, the C1 controls with NEL among them, and the Unicode line
// and paragraph separators, on which some log viewers break lines) are escaped here. They can only
// occur inside JSON strings, so the escaped line is the same JSON value.
const pino = require('pino')
const { parseOpsSettings } = require('./settings.cjs')

const RAW_BREAKS = /[\u007f-\u009f\u2028\u2029]/g
const HAS_RAW_BREAK = /[\u007f-\u009f\u2028\u2029]/
/** A string JSON.stringify leaves as it is (no quote, backslash, control or surrogate) and with no raw break. */
const PLAIN = /^[^"\\\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]*$/

/** @param {string} line */
function escapeRawBreaks(line) {
  return line.replace(RAW_BREAKS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** How much of a request's path and query a log line keeps. */
const MAX_LOGGED_PATH = 2048
/**
 * The secret in a path: the token of an e-mail verification or password reset link, in the
 * pages' paths and the API's alike (`/user/verify/{token}`, `/api/v1/password/reset/{token}`).
 * Whoever reads the log must not be able to follow the link.
 */
const SECRET_SEGMENT = /(\/(?:verify|password\/reset)\/)(?!resend(?:[/?#]|$))[^/?#]+/gi
const MAY_HOLD_SECRET = /verify|reset/i

/**
 * A request's path and query as a log line may hold them: link tokens replaced by `[token]`,
 * cut at MAX_LOGGED_PATH characters.
 * @param {string} url
 */
function loggedPath(url) {
  // Most paths hold neither word: the replacing expression is not run for them.
  const path = MAY_HOLD_SECRET.test(url) ? url.replace(SECRET_SEGMENT, '$1[token]') : url
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path
}

/**
 * A writer to standard output that gathers the lines of a turn of the event loop and writes them
 * at its end (setImmediate), and at once when the process exits. Standard output is looked up at
 * each write.
 * @returns {(line: string) => void}
 */
function batchedStdout() {
  let pending = ''
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (pending === '') return
    const chunk = pending
    pending = ''
    process.stdout.write(chunk)
  }
  process.on('exit', flush)
  return (line) => {
    pending += line
    if (scheduled) return
    scheduled = true
    setImmediate(flush).unref()
  }
}

/**
 * @param {{ level?: string, write?: (line: string) => void }} [options]
 * `write` defaults to standard output, a line at a time, looked up at each line.
 */
function createLogger({ level = 'info', write = (line) => process.stdout.write(line) } = {}) {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: { streamWrite: escapeRawBreaks },
    },
    { write },
  )
}

/**
 * Writes lines of flat fields (strings, numbers, booleans) through `log` exactly as
 * `log[level](fields, msg)` would, without pino's general path: the server's line per request
 * (scripts/observe.mjs), where that path was about a fifth of the time of answering a cached page.
 * Same stream, same level check, same field order (level, time, pid and hostname, the fields, msg),
 * same escaping (JSON's, then escapeRawBreaks); lib/ops/logger.test.ts compares the two.
 * @param {import('pino').Logger} log
 * @returns {(level: string, fields: Record<string, string | number | boolean>, msg: string) => void}
 */
function flatLineWriter(log) {
  const { chindingsSym, streamSym } = pino.symbols
  /** @param {unknown} value */
  const json = (value) => {
    // A request id, a method, most paths: nothing for JSON to escape and no raw break, so the
    // text between quotes is what JSON.stringify and escapeRawBreaks would give.
    if (typeof value === 'string' && PLAIN.test(value)) return `"${value}"`
    const text = JSON.stringify(value) ?? 'null'
    return typeof value === 'string' && HAS_RAW_BREAK.test(text) ? escapeRawBreaks(text) : text
  }
  // Levels, keys and messages are few: each is quoted once.
  const quoted = new Map()
  /** @param {string} name */
  const quote = (name) => {
    let text = quoted.get(name)
    if (text === undefined) {
      text = json(name)
      if (quoted.size < 1024) quoted.set(name, text)
    }
    return text
  }
  let lastMs = 0
  let lastTime = ''
  return (level, fields, msg) => {
    if (!log.isLevelEnabled(level)) return
    const ms = Date.now()
    if (ms !== lastMs) {
      lastMs = ms
      lastTime = new Date(ms).toISOString()
    }
    let line = `{"level":${quote(level)},"time":"${lastTime}"${log[chindingsSym]}`
    for (const key in fields) {
      const value = fields[key]
      line += `,${quote(key)}:${Number.isFinite(value) ? String(value) : json(value)}`
    }
    log[streamSym].write(`${line},"msg":${quote(msg)}}\n`)
  }
}

/**
 * The process's logger (LOG_LEVEL), one for the server and the app's bundle alike. `write` counts
 * only for the first call, which makes it: the server's, with batchedStdout().
 * @param {{ write?: (line: string) => void }} [options]
 */
function logger({ write } = {}) {
  globalThis.__shopLogger ??= createLogger({
    level: parseOpsSettings(process.env).settings.logLevel,
    write,
  })
  return globalThis.__shopLogger
}

module.exports = {
  createLogger,
  logger,
  escapeRawBreaks,
  loggedPath,
  batchedStdout,
  flatLineWriter,
}
