import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLogger, escapeRawBreaks, flatLineWriter, loggedPath } from './logger.cjs'

const LOGGER = path.join(import.meta.dirname, 'logger.cjs')

function capture(level = 'info') {
  const lines: string[] = []
  return { lines, log: createLogger({ level, write: (line) => void lines.push(line) }) }
}

// Raw line breaks, separators and terminal escapes: C0, DEL, C1, U+2028/2029.
const BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

describe('a log line', () => {
  it('is one JSON object on one line, with level name, time and message', () => {
    const { lines, log } = capture()
    log.info({ requestId: 'abcd1234', status: 200 }, 'request')
    expect(lines).toHaveLength(1)
    expect(lines[0]!.endsWith('\n')).toBe(true)
    const entry = JSON.parse(lines[0]!)
    expect(entry).toMatchObject({
      level: 'info',
      msg: 'request',
      requestId: 'abcd1234',
      status: 200,
    })
    expect(new Date(entry.time).toISOString()).toBe(entry.time)
  })

  it('cannot be split or forged by what a request carries', () => {
    const { lines, log } = capture()
    const path =
      '/products?q=x\n{"level":"info","msg":"forged"}\r\u2028\u2029\u0085\u007f\u001b[31m'
    const long = `${path}${'y'.repeat(200)}` // longer strings take another path in pino
    log.info({ path, long, nested: { path } }, path)
    expect(lines).toHaveLength(1)
    const line = lines[0]!.slice(0, -1)
    expect(line).not.toMatch(BREAKS)
    const entry = JSON.parse(line)
    expect(entry.path).toBe(path)
    expect(entry.long).toBe(long)
    expect(entry.nested.path).toBe(path)
    expect(entry.msg).toBe(path)
  })

  it('is left out below LOG_LEVEL', () => {
    const { lines, log } = capture('warn')
    log.info('quiet')
    log.debug('quieter')
    log.warn('loud')
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['loud'])
  })

  it('escapes only the breaks JSON leaves raw, keeping the same value', () => {
    const text = JSON.stringify({ s: 'a\u2028b\u0085c\u007fd é' })
    const escaped = escapeRawBreaks(text)
    expect(escaped).not.toMatch(BREAKS)
    expect(JSON.parse(escaped)).toEqual(JSON.parse(text))
    expect(escaped).toContain('é')
  })
})

describe("the server's request lines (flatLineWriter)", () => {
  const TIME = /"time":"[^"]+"/
  const nasty =
    '/products?q=x\n{"level":"info","msg":"forged"}\r\u2028\u2029\u0085\u007f\u001b[31m"\\\ud800'
  const cases: Record<string, string | number | boolean>[] = [
    {
      requestId: 'abcd1234',
      method: 'GET',
      path: '/',
      status: 200,
      durationMs: 0.3,
      route: 'page',
    },
    { path: nasty, long: `${nasty}${'y'.repeat(200)}`, aborted: true, bytes: 0, odd: -1.5e-7 },
    // Text JSON leaves as it is (written between quotes without JSON.stringify), and next to it
    // what it must not: an emoji's surrogate pair, a tab, a quote, a backslash. (A lone
    // surrogate in a short string pino writes raw, and this writer escapes: see `nasty`.)
    { path: "/products?keyword=café 'x' <b>&amp; ~ \u00a0\u00ff\u0100", plain: 'GET' },
    { a: 'x\ud83d\ude00', c: 'a\tb', d: 'a"b', e: 'a\\b', f: '', g: '\u2027' },
    {},
  ]

  it('are the very lines pino writes for the same fields, time aside', () => {
    for (const fields of cases) {
      for (const level of ['debug', 'info', 'warn']) {
        const viaPino = capture('debug')
        viaPino.log[level as 'info'](fields, 'request')
        const direct = capture('debug')
        flatLineWriter(direct.log)(level, fields, 'request')
        expect(direct.lines).toHaveLength(1)
        expect(direct.lines[0]!.replace(TIME, '')).toBe(viaPino.lines[0]!.replace(TIME, ''))
        const entry = JSON.parse(direct.lines[0]!)
        expect(new Date(entry.time).toISOString()).toBe(entry.time)
      }
    }
  })

  it('cannot be split or forged, and respect LOG_LEVEL', () => {
    const { lines, log } = capture('info')
    const write = flatLineWriter(log)
    write('debug', { path: '/quiet' }, 'request')
    write('info', { path: nasty }, 'request')
    expect(lines).toHaveLength(1)
    expect(lines[0]!.slice(0, -1)).not.toMatch(BREAKS)
    expect(JSON.parse(lines[0]!).path).toBe(nasty)
  })
})

describe('a logged path', () => {
  it('hides the token of every verification and reset link, pages and API alike', () => {
    expect(loggedPath('/user/verify/abc.DEF-123')).toBe('/user/verify/[token]')
    expect(loggedPath('/password/reset/abc?next=%2F')).toBe('/password/reset/[token]?next=%2F')
    expect(loggedPath('/api/v1/verify/abc')).toBe('/api/v1/verify/[token]')
    expect(loggedPath('/api/v1/password/reset/abc/extra')).toBe(
      '/api/v1/password/reset/[token]/extra',
    )
    expect(loggedPath('/API/V1/Password/Reset/abc')).toBe('/API/V1/Password/Reset/[token]')
  })

  it('keeps every other path as it came, up to 2048 characters', () => {
    expect(loggedPath('/api/v1/verify/resend')).toBe('/api/v1/verify/resend')
    expect(loggedPath('/products/verify?q=reset')).toBe('/products/verify?q=reset')
    expect(loggedPath('/user/verify/')).toBe('/user/verify/')
    const long = `/products?q=${'x'.repeat(3000)}`
    expect(loggedPath(long)).toBe(`${long.slice(0, 2048)}…`)
  })
})

describe("the server's log on standard output (a turn's lines in one write)", () => {
  // A process of its own, so that its standard output and its exit are real; its logger is made
  // as the server makes it (scripts/server.mjs).
  const run = (script: string) =>
    execFileSync(
      process.execPath,
      [
        '-e',
        `const l = require(${JSON.stringify(LOGGER)}); const log = l.logger({ write: l.batchedStdout() });\n${script}`,
      ],
      {
        encoding: 'utf8',
      },
    )
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).msg)

  it('keeps the order of its lines across turns of the event loop', () => {
    expect(
      run(`
        log.info('one'); log.info('two')
        setImmediate(() => { log.info('three'); setTimeout(() => log.info('four'), 5) })`),
    ).toEqual(['one', 'two', 'three', 'four'])
  })

  it('writes what is pending when the process exits at once, even on an error', () => {
    expect(run(`log.info('before'); log.error('last words'); process.exit(0)`)).toEqual([
      'before',
      'last words',
    ])
    let output = ''
    try {
      execFileSync(
        process.execPath,
        [
          '-e',
          `const l = require(${JSON.stringify(LOGGER)}); l.logger({ write: l.batchedStdout() }).fatal('going down'); throw new Error('boom')`,
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      )
    } catch (error) {
      output = String((error as { stdout?: string }).stdout)
    }
    expect(JSON.parse(output.trim()).msg).toBe('going down')
  })
})
