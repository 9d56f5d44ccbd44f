// The server's settings and checks (port, logs, request ids, metrics, overload, shutdown, the
// caches' memory), in one place for the readers that cannot share lib/env.ts (plain Node modules outside the app's
// bundle): scripts/server.mjs, lib/ops/logger.cjs, lib/cache/cache-handler.cjs, and lib/env.ts
// itself, which parses the app's settings and takes these from here, so every setting is checked
// at start-up in one pass, each by one rule.
const { createHash, randomUUID, timingSafeEqual } = require('node:crypto')

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
/** RFC 6750's token68: what an `Authorization: Bearer` header can carry. */
const BEARER_TOKEN = /^[A-Za-z0-9._~+/-]+=*$/
const MIN_TOKEN_LENGTH = 16
/** An incoming request id worth keeping: no spaces, quotes or controls, and not too long. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/
const TRUE_FLAGS = ['true', '1', 'yes']
/** Overload shedding (scripts/admission.mjs): whole numbers, their defaults and ranges. */
const ADMISSION = {
  UNCACHED_MAX_ACTIVE: { key: 'maxActive', default: 16, min: 1, max: 10_000 },
  UNCACHED_MAX_QUEUED: { key: 'maxQueued', default: 64, min: 0, max: 100_000 },
  UNCACHED_MAX_WAIT_MS: { key: 'maxWaitMs', default: 1_000, min: 1, max: 60_000 },
}
/** Handles of the listening socket (scripts/accept-handles.mjs), each one accept per loop turn. */
const ACCEPT_HANDLES = { default: 8, min: 1, max: 64 }
const FLAGS = [...TRUE_FLAGS, 'false', '0', 'no', '']
/** PORT of `npm start` (0: any free port). */
const PORT = { default: 3000, min: 0, max: 65_535 }
/** SHUTDOWN_TIMEOUT_MS: how long a SIGTERM waits for the requests in flight (scripts/shutdown.mjs). */
const SHUTDOWN_TIMEOUT_MS = { default: 10_000, min: 0, max: 999_999_999 }
/** WARM_UP_MS: how long a new process may warm up before it listens (scripts/warm-up.mjs); 0: not at all. */
const WARM_UP_MS = { default: 30_000, min: 0, max: 600_000 }

/**
 * @param {Record<string, string | undefined>} source
 * @returns {{ settings: { logLevel: string, metricsToken: string | undefined, trustProxy: boolean | string[], admission: { maxActive: number, maxQueued: number, maxWaitMs: number }, acceptHandles: number, allowedOrigins: string[], port: number, shutdownTimeoutMs: number, warmUpMs: number }, issues: string[] }}
 */
function parseOpsSettings(source) {
  const issues = []
  const level = (source.LOG_LEVEL ?? '').trim().toLowerCase()
  let logLevel = 'info'
  if (LOG_LEVELS.includes(level)) logLevel = level
  else if (level !== '') issues.push(`LOG_LEVEL: must be one of ${LOG_LEVELS.join(', ')}`)

  const token = (source.METRICS_TOKEN ?? '').trim()
  let metricsToken
  if (token !== '') {
    if (token.length >= MIN_TOKEN_LENGTH && BEARER_TOKEN.test(token)) metricsToken = token
    else
      issues.push(
        `METRICS_TOKEN: must be at least ${MIN_TOKEN_LENGTH} characters of A-Z a-z 0-9 . _ ~ + / - (a bearer token)`,
      )
  }
  // The same reading as lib/env.ts's TRUST_PROXY (which reports a bad value): a flag, or the
  // proxies' addresses.
  const trust = (source.TRUST_PROXY ?? '').trim()
  const lower = trust.toLowerCase()
  const trustProxy = FLAGS.includes(lower)
    ? TRUE_FLAGS.includes(lower)
    : trust.split(',').map((a) => a.trim().replace(/^::ffff:/, ''))
  const admission = {}
  for (const [name, rule] of Object.entries(ADMISSION)) {
    admission[rule.key] = wholeNumber(source, name, rule, issues)
  }
  const acceptHandles = wholeNumber(source, 'ACCEPT_HANDLES', ACCEPT_HANDLES, issues)
  const allowedOrigins = originsOf(source.ALLOWED_ORIGINS).origins
  const port = wholeNumber(source, 'PORT', PORT, issues)
  const shutdownTimeoutMs = wholeNumber(source, 'SHUTDOWN_TIMEOUT_MS', SHUTDOWN_TIMEOUT_MS, issues)
  const warmUpMs = wholeNumber(source, 'WARM_UP_MS', WARM_UP_MS, issues)
  return {
    settings: {
      logLevel,
      metricsToken,
      trustProxy,
      admission,
      acceptHandles,
      allowedOrigins,
      port,
      shutdownTimeoutMs,
      warmUpMs,
    },
    issues,
  }
}

/**
 * ALLOWED_ORIGINS: comma-separated absolute http(s) URLs, kept as origins (scheme://host:port, the
 * form browsers send in the Origin header); `bad` lists what is not such a URL. lib/env.ts
 * reports those; the server, which gives some answers before Next, uses the same list.
 * @param {string | undefined} raw
 */
function originsOf(raw) {
  const listed = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const isOrigin = (o) => URL.canParse(o) && /^https?:$/.test(new URL(o).protocol)
  return {
    origins: listed.filter(isOrigin).map((o) => new URL(o).origin),
    bad: listed.filter((o) => !isOrigin(o)),
  }
}

/** A whole-number setting in its range; its default, and an issue naming it, when it is not. */
function wholeNumber(source, name, rule, issues) {
  const raw = (source[name] ?? '').trim()
  const value = raw === '' ? rule.default : Number(raw)
  if (/^\d*$/.test(raw) && Number.isSafeInteger(value) && value >= rule.min && value <= rule.max) {
    return value
  }
  issues.push(`${name}: must be a whole number from ${rule.min} to ${rule.max} (got "${raw}")`)
  return rule.default
}

const MEGABYTES = {
  PAGE_CACHE_MB: { default: 256, min: 1 },
  FRONT_CACHE_MB: { default: 64, min: 0 },
}
const MAX_MB = 65536

/**
 * @param {Record<string, string | undefined>} source
 * @returns {{ settings: { pageCacheBytes: number, frontCacheBytes: number }, issues: string[] }}
 */
function parseCacheSettings(source) {
  const issues = []
  const mb = {}
  for (const [name, rule] of Object.entries(MEGABYTES)) {
    const raw = (source[name] ?? '').trim()
    const value = raw === '' ? rule.default : Number(raw)
    if (!/^\d*$/.test(raw) || !Number.isSafeInteger(value) || value < rule.min || value > MAX_MB) {
      issues.push(
        `${name}: must be a whole number of megabytes from ${rule.min} to ${MAX_MB} (got "${raw}")`,
      )
      mb[name] = rule.default
    } else mb[name] = value
  }
  return {
    settings: {
      pageCacheBytes: mb.PAGE_CACHE_MB * 1024 * 1024,
      frontCacheBytes: mb.FRONT_CACHE_MB * 1024 * 1024,
    },
    issues,
  }
}

/** The cache settings, or an error that names every bad one. */
function cacheSettings(source = process.env) {
  const { settings, issues } = parseCacheSettings(source)
  if (issues.length > 0) {
    throw new Error(
      `Invalid environment settings:\n${issues.map((i) => `  ${i}`).join('\n')}\nSee .env.example.`,
    )
  }
  return settings
}

/** The settings, or an error that names every bad one. */
function opsSettings(source = process.env) {
  const { settings, issues } = parseOpsSettings(source)
  if (issues.length > 0) {
    throw new Error(
      `Invalid environment settings:\n${issues.map((i) => `  ${i}`).join('\n')}\nSee .env.example.`,
    )
  }
  return settings
}

/**
 * Whether a request from `peer` (the socket's address) comes through a proxy TRUST_PROXY trusts.
 * @param {boolean | string[]} trustProxy
 * @param {string | undefined} peer
 */
function fromTrustedProxy(trustProxy, peer) {
  if (typeof trustProxy === 'boolean') return trustProxy
  return peer !== undefined && trustProxy.includes(peer.replace(/^::ffff:/, ''))
}

/**
 * The id of a request: the one the reverse proxy sent (X-Request-Id), when the proxy is trusted
 * and the id is a plain token; otherwise a new one. A client talking to the shop directly cannot
 * choose the id its request is logged under.
 * @param {string | string[] | undefined} header
 * @param {boolean} trustProxy
 */
function requestIdFor(header, trustProxy) {
  if (trustProxy && typeof header === 'string' && REQUEST_ID.test(header)) return header
  return randomUUID()
}

/**
 * Whether an Authorization header carries `Bearer <token>`, compared in constant time (the
 * digests have one length whatever was sent).
 * @param {string | undefined} header
 * @param {string} token
 */
function bearerMatches(header, token) {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '')
  const given = createHash('sha256')
    .update(match ? match[1] : '')
    .digest()
  const expected = createHash('sha256').update(token).digest()
  return timingSafeEqual(given, expected) && match !== null
}

module.exports = {
  LOG_LEVELS,
  parseCacheSettings,
  cacheSettings,
  parseOpsSettings,
  opsSettings,
  originsOf,
  fromTrustedProxy,
  requestIdFor,
  bearerMatches,
}
