// Next's cache for rendered pages and cached data, kept in this process's memory only.
//
// Why not Next's default (files under .next/): those entries outlive the process, so a restart on
// another database (or after a change made while the server was down) would serve pages of data
// that no longer exist, and arbitrary filter URLs could fill the disk. Here the cache is a bounded
// LRU that starts empty with the process.
//
// Tags: an entry is dropped once any of its tags was revalidated at or after the entry was
// stored. With DATABASE_URL (several app processes may share one database) revalidations are
// also broadcast with PostgreSQL LISTEN/NOTIFY on the channel below, so every process drops the
// same pages (lib/cache/catalog-cache.ts sends them).

const CHANNEL = 'shop_cache_tags'
const MAX_BYTES = Number(process.env.PAGE_CACHE_MB || 256) * 1024 * 1024
const TAGS_HEADER = 'x-next-cache-tags'

/** @type {Map<string, { value: any, lastModified: number, tags: string[], size: number, cacheControl: any }>} */
const entries = new Map()
/** @type {Map<string, number>} tag → when it was last revalidated */
const revalidatedAt = new Map()
let totalBytes = 0

function sizeOf(value) {
  if (!value) return 64
  let size = 256
  for (const key of ['html', 'body', 'rscData', 'data', 'buffer']) {
    const part = value[key]
    if (typeof part === 'string' || Buffer.isBuffer(part)) size += part.length
    else if (part && typeof part === 'object') size += JSON.stringify(part).length
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

function expire(tags) {
  const now = Date.now()
  for (const tag of tags) revalidatedAt.set(tag, now)
  // The micro-cache in front of Next (scripts/front-cache.mjs) holds whole pages: empty it too.
  if (globalThis.__shopFrontCache) globalThis.__shopFrontCache.purge()
}

function isExpired(entry, extraTags) {
  for (const tag of [...entry.tags, ...extraTags]) {
    const at = revalidatedAt.get(tag)
    if (at !== undefined && at >= entry.lastModified) return true
  }
  return false
}

let listening = false
function listenForOtherProcesses() {
  if (listening || !process.env.DATABASE_URL) return
  listening = true
  const { Client } = require('pg')
  const url = new URL(process.env.DATABASE_URL)
  const connect = () => {
    const client = new Client({
      connectionString: process.env.DATABASE_URL,
      user: decodeURIComponent(url.username) || 'postgres',
    })
    client.on('notification', (message) => {
      try {
        expire(JSON.parse(message.payload || '[]'))
      } catch {
        // a malformed broadcast cannot be acted upon; the next one will be
      }
    })
    client.on('error', () => {
      // Reconnect; meanwhile this process may serve pages up to the next reconnection.
      client.end().catch(() => {})
      setTimeout(connect, 1000).unref()
    })
    client
      .connect()
      .then(() => client.query(`LISTEN ${CHANNEL}`))
      .catch(() => setTimeout(connect, 1000).unref())
  }
  connect()
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
      totalBytes -= entry.size
      return null
    }
    // Least recently used goes first: re-insert to move it to the end.
    entries.delete(key)
    entries.set(key, entry)
    return {
      value: entry.value,
      lastModified: entry.lastModified,
      cacheControl: entry.cacheControl,
    }
  }

  async set(key, value, ctx = {}) {
    const previous = entries.get(key)
    if (previous) {
      entries.delete(key)
      totalBytes -= previous.size
    }
    if (value === null || value === undefined) return
    const size = sizeOf(value)
    if (size > MAX_BYTES / 4) return
    entries.set(key, {
      value,
      lastModified: Date.now(),
      tags: tagsOf(value, ctx),
      size,
      cacheControl: ctx.cacheControl,
    })
    totalBytes += size
    for (const [oldKey, old] of entries) {
      if (totalBytes <= MAX_BYTES) break
      entries.delete(oldKey)
      totalBytes -= old.size
    }
  }

  async revalidateTag(tags) {
    expire(typeof tags === 'string' ? [tags] : tags)
  }

  resetRequestCache() {}
}

module.exports.CHANNEL = CHANNEL
