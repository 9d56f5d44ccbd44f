// Next's cache for rendered pages and cached data, kept in this process's memory only.
//
// Why not Next's default (files under .next/): those entries outlive the process, so a restart on
// another database (or after a change made while the server was down) would serve pages of data
// that no longer exist, and arbitrary filter URLs could fill the disk. Here the cache is a bounded
// LRU that starts empty with the process.
//
// Tags: an entry is dropped once any of its tags was revalidated at or after the entry's data was
// read, which is taken as the start of the request that made it (scripts/server.mjs runs each
// request in `__shopRequestContext`), so a render that began before a change and is stored after
// it does not survive the change. No entry lives longer than MAX_AGE_SECONDS, a backstop for a
// missed invalidation. With DATABASE_URL (several app processes may share one database)
// revalidations are also broadcast with PostgreSQL LISTEN/NOTIFY on the channel below, so every
// process drops the same pages (lib/cache/catalog-cache.ts sends them); each time the LISTEN
// connection is (re-)established everything is dropped, as broadcasts may have been missed.
//
// The micro-cache in front of Next (scripts/front-cache.mjs, `__shopFrontCache`) learns the tags
// of the page it keeps from here: every entry a request reads or writes adds its tags to the
// request's context, and a page's entry carries them in a header of its own (PAGE_TAGS_HEADER)
// for the requests Next joins to another's render, which read and write nothing here.

const { LRUCache } = require('lru-cache')
const { MAX_AGE_SECONDS, PAGE_TAGS_HEADER, pageTagsValue } = require('./cache-settings.cjs')
const { cacheSettings } = require('../ops/settings.cjs')
const { hashPolicy, PAGE_POLICY_HEADER } = require('../csp-policy.cjs')
const { inlineScriptHashes } = require('./script-hashes.cjs')

const CHANNEL = 'shop_cache_tags'
const MAX_BYTES = cacheSettings().pageCacheBytes
const TAGS_HEADER = 'x-next-cache-tags'

// One store per process, whichever copy of this module runs (the hooks on globalThis are
// declared in lib/ops/process-hooks.d.ts): Next loads this file for its page
// cache, and also bundles a copy of it into the proxy (proxy.ts) for that bundle's own use. Each
// copy sets the hooks below on globalThis, so every copy must act on the same entries, or a hook
// set by one copy would expire what another copy does not hold.
const state = (globalThis.__shopPageCache ??= {
  // Least recently used first out, within PAGE_CACHE_MB as sizeOf counts it; one entry may take
  // a quarter of it at most (a larger one is not kept).
  /** @type {LRUCache<string, { value: any, lastModified: number, tags: string[], size: number, cacheControl: any }>} */
  entries: new LRUCache({
    maxSize: MAX_BYTES,
    maxEntrySize: MAX_BYTES / 4,
    sizeCalculation: (entry) => entry.size,
  }),
  /** @type {Map<string, number>} tag → when it was last revalidated */
  revalidatedAt: new Map(),
  /** When everything was last dropped: entries made from reads before then are expired. */
  droppedAt: 0,
  listening: false,
  stopped: false,
  /** The LISTEN connection, while one is open. */
  listener: undefined,
  /** How many times LISTEN was (re-)established; tests read it through `listenerConnections()`. */
  listenerConnections: 0,
})
const { entries, revalidatedAt } = state

/** Bytes V8 needs for a string: one per character, two once any is outside Latin-1. */
function stringBytes(text) {
  return /[^\u0000-\u00ff]/.test(text) ? text.length * 2 : text.length
}

// What an entry costs in memory, estimated on the generous side: a page's HTML is usually a
// two-byte string (one `…` or `“` is enough), and a read's object graph takes about twice its
// JSON text. Counting only `.length` let the cache hold about twice its budget.
function sizeOf(value) {
  if (!value) return 64
  let size = 256
  for (const key of ['html', 'body', 'rscData', 'data', 'buffer']) {
    const part = value[key]
    if (typeof part === 'string') size += stringBytes(part)
    else if (Buffer.isBuffer(part)) size += part.length
    else if (part && typeof part === 'object') size += stringBytes(JSON.stringify(part)) * 2
  }
  if (value.segmentData instanceof Map) {
    for (const segment of value.segmentData.values()) size += segment.length
  }
  return size
}

function tagsOf(value, ctx) {
  const tags = new Set(ctx && Array.isArray(ctx.tags) ? ctx.tags : [])
  const header = value && value.headers && value.headers[TAGS_HEADER]
  if (typeof header === 'string') for (const t of header.split(',')) if (t) tags.add(t)
  if (value && Array.isArray(value.tags)) for (const t of value.tags) tags.add(t)
  return [...tags]
}

/**
 * Expires the entries with these tags. A soft expiry (a stock change, lib/cache/catalog-cache.ts)
 * expires them here just the same, so the next render reads afresh, but lets the micro-cache in
 * front of Next replay its copies a little longer (at most STOCK_LAG_MS) before the page is made
 * again.
 * @param {string[]} tags
 * @param {{ soft?: boolean }} [options]
 */
function expire(tags, { soft = false } = {}) {
  const now = Date.now()
  for (const tag of tags) revalidatedAt.set(tag, now)
  // The micro-cache in front of Next holds whole pages: drop those with these tags too.
  if (globalThis.__shopFrontCache) globalThis.__shopFrontCache.invalidate(tags, { soft })
}
// For catalog-cache.ts, which runs in Next's bundle and cannot require this module.
globalThis.__shopExpireTags = expire

/** Drops every entry, here and in front of Next: invalidations may have been missed. */
function dropAll() {
  state.droppedAt = Date.now()
  entries.clear()
  if (globalThis.__shopFrontCache) globalThis.__shopFrontCache.purge()
}

function isExpired(entry, extraTags) {
  if (entry.lastModified <= state.droppedAt) return true
  if (Date.now() - entry.lastModified > MAX_AGE_SECONDS * 1000) return true
  for (const tag of [...entry.tags, ...extraTags]) {
    const at = revalidatedAt.get(tag)
    if (at !== undefined && at >= entry.lastModified) return true
  }
  return false
}

/** The request this call belongs to, if any (scripts/server.mjs sets it). */
function currentRequest() {
  const context = globalThis.__shopRequestContext
  return context ? context.getStore() : undefined
}

/** Tells the request the tags of an entry it used, and how old that entry's data is. */
function remember(tags, lastModified) {
  const request = currentRequest()
  if (!request) return
  for (const tag of tags) request.tags.add(tag)
  request.dataFrom = Math.min(request.dataFrom ?? lastModified, lastModified)
}

function listenForOtherProcesses() {
  if (state.listening || !process.env.DATABASE_URL) return
  state.listening = true
  const { Client } = require('pg')
  const url = new URL(process.env.DATABASE_URL)
  const connect = () => {
    if (state.stopped) return
    const client = new Client({
      connectionString: process.env.DATABASE_URL,
      user: decodeURIComponent(url.username) || 'postgres',
      // Names this process's listener, so an operator (or a test) can tell it apart.
      application_name: `byteshop-cache-${process.pid}`,
    })
    state.listener = client
    let retrying = false
    const retry = () => {
      if (retrying || state.stopped) return
      retrying = true
      client.end().catch(() => {})
      setTimeout(connect, 1000).unref()
    }
    client.on('notification', (message) => {
      try {
        // `["tag", …]`, or `{ "tags": [...], "soft": true }` for a stock change
        const payload = JSON.parse(message.payload || '[]')
        const tags = Array.isArray(payload) ? payload : payload && payload.tags
        const soft = !Array.isArray(payload) && payload && payload.soft === true
        if (Array.isArray(tags))
          expire(
            tags.filter((t) => typeof t === 'string'),
            { soft },
          )
      } catch {
        // a malformed broadcast cannot be acted upon; the next one will be
      }
    })
    // Reconnect on any loss; meanwhile this process may serve pages up to the reconnection.
    client.on('error', retry)
    client.on('end', retry)
    client
      .connect()
      .then(() => client.query(`LISTEN ${CHANNEL}`))
      .then(() => {
        // Broadcasts sent while no connection listened are lost: forget what they may concern.
        dropAll()
        state.listenerConnections++
      })
      .catch(retry)
  }
  connect()
}

/** Ends the LISTEN connection for good (the server's shutdown calls it, scripts/server.mjs). */
function stopListening() {
  state.stopped = true
  const client = state.listener
  state.listener = undefined
  return client ? client.end().catch(() => {}) : Promise.resolve()
}
globalThis.__shopStopCacheListener = stopListening

/**
 * Gives a stored page its own Content-Security-Policy: the hashes of its inline scripts, computed
 * here once, kept in the entry's headers, which Next sends with every answer from the entry (and
 * the front cache keeps with the bytes). The server puts it in place of the path's default
 * policy (scripts/front-cache.mjs); lib/csp.ts explains the policies.
 *
 * Next hands its handler the very headers object of the answer it is about to send for the
 * render that made the entry, so the first answer carries the policy too
 * (e2e/operations/csp.spec.ts checks a page's first answer as well as its replays).
 */
function withPagePolicy(value) {
  if (value.kind !== 'APP_PAGE' || typeof value.html !== 'string' || !value.html) return
  if (!value.headers) value.headers = {}
  value.headers[PAGE_POLICY_HEADER] = hashPolicy(inlineScriptHashes(value.html))
}

module.exports = class MemoryCacheHandler {
  constructor() {
    listenForOtherProcesses()
  }

  async get(key, ctx = {}) {
    const entry = entries.get(key)
    if (!entry) return null
    const extra = [...(ctx.tags || []), ...(ctx.softTags || [])]
    if (isExpired(entry, extra)) {
      entries.delete(key)
      return null
    }
    remember(entry.tags, entry.lastModified)
    return {
      value: entry.value,
      lastModified: entry.lastModified,
      cacheControl: entry.cacheControl,
    }
  }

  async set(key, value, ctx = {}) {
    entries.delete(key)
    if (value === null || value === undefined) return
    withPagePolicy(value)
    const tags = tagsOf(value, ctx)
    const request = currentRequest()
    // When the data was read, at the latest: a change after that must expire this entry.
    const lastModified = request ? Math.min(request.startedAt, Date.now()) : Date.now()
    remember(tags, lastModified)
    // For the requests Next answers with this render without calling get or set themselves.
    if (value.kind === 'APP_PAGE' && request && typeof request.sequence === 'number') {
      if (!value.headers) value.headers = {}
      value.headers[PAGE_TAGS_HEADER] = pageTagsValue(tags, lastModified, request.sequence)
    }
    entries.set(key, {
      value,
      lastModified,
      tags,
      size: sizeOf(value),
      cacheControl: ctx.cacheControl,
    })
  }

  async revalidateTag(tags) {
    expire(typeof tags === 'string' ? [tags] : tags)
  }

  resetRequestCache() {}
}

module.exports.CHANNEL = CHANNEL
module.exports.withPagePolicy = withPagePolicy
module.exports.listenerConnections = () => state.listenerConnections
module.exports.stopListening = stopListening
