import 'server-only'
import { sql, type SQL } from 'drizzle-orm'
import { revalidateTag, unstable_cache } from 'next/cache'
import { getDatabase } from '@/lib/db/client'
import { MAX_AGE_SECONDS } from './cache-settings.cjs'

const CACHE_CHANNEL = 'shop_cache_tags' // the channel of lib/cache/cache-handler.cjs

// Catalog reads are cached at run time under these tags; services that change products,
// reviews or stock call `invalidateCatalog`, which expires them at once (no stale reads after a
// change). They also expire after MAX_AGE_SECONDS, which gives the pages that use them a finite
// revalidate: a backstop for a missed invalidation. Outside the Next server (tests, scripts)
// there is no cache and reads go straight through.

export const CACHE_TAGS = {
  /** Every list, count and facet of the catalog. */
  catalog: 'catalog',
  /** One product's details and reviews. */
  product: (id: string) => `product:${id}`,
} as const

const inNextServer = () => process.env.NEXT_RUNTIME === 'nodejs'

/** What scripts/server.mjs keeps per request; a test's context may have no tags. */
const requestContext = () => globalThis.__shopRequestContext?.getStore()

/**
 * Tells the request (scripts/server.mjs) that its answer shows data with these tags although it
 * read them past the caches (live stock figures): a copy kept in front of Next then goes with
 * their invalidations too.
 */
export function noteTags(tags: string[]): void {
  const known = requestContext()?.tags
  if (known) for (const tag of tags) known.add(tag)
}

/** Answers of a cached read that came from the database just now, not from a cache. */
const freshReads = new WeakSet<object>()

/**
 * Whether `value` is what a cached read (below) just read from the database, in this request,
 * rather than a copy from the cache: its figures are then as live as a second read would give.
 */
export const isFreshRead = (value: object): boolean => freshReads.has(value)

export function cachedRead<A extends unknown[], R>(
  name: string,
  read: (...args: A) => Promise<R>,
  tags: (...args: A) => string[],
): (...args: A) => Promise<R> {
  const readNow = async (...args: A) => {
    const value = await read(...args)
    // Next returns the reader's own object on a miss (and a parsed copy on a hit).
    if (typeof value === 'object' && value !== null) freshReads.add(value)
    return value
  }
  return (...args: A) => {
    if (!inNextServer()) return readNow(...args)
    return unstable_cache(() => readNow(...args), [name, JSON.stringify(args)], {
      tags: tags(...args),
      revalidate: MAX_AGE_SECONDS,
    })()
  }
}

/** lib/cache/cache-handler.cjs's expiry, which can tell the front cache a change is soft. */
const expireTags = () => globalThis.__shopExpireTags

/**
 * Expires the given products' pages and (unless `lists` is false) the catalog's lists, here and,
 * on PostgreSQL, in every other app process (lib/cache/cache-handler.cjs listens on the same
 * channel). `stockOnly`: the change is to stock figures alone (an order), which pages may show
 * up to STOCK_LAG_MS late (decision 0003); anything else shows at once.
 */
export async function invalidateCatalog(
  productIds: string[] = [],
  {
    lists = true,
    stockOnly = false,
    announced = false,
  }: {
    lists?: boolean
    stockOnly?: boolean
    /** The other processes were told already, by stockNoticeStep's NOTIFY in the transaction. */
    announced?: boolean
  } = {},
): Promise<void> {
  if (!inNextServer()) return
  const tags = tagsOf(productIds, lists)
  if (tags.length === 0) return
  const expire = expireTags()
  const soft = stockOnly && expire !== undefined
  if (soft) expire(tags, { soft })
  else for (const tag of tags) revalidateTag(tag, { expire: 0 })
  if (!announced) await broadcast(soft ? { tags, soft } : tags)
}

const tagsOf = (productIds: string[], lists: boolean) => [
  ...new Set([...(lists ? [CACHE_TAGS.catalog] : []), ...productIds.map(CACHE_TAGS.product)]),
]

/**
 * A stock change's notice to the other app processes (what invalidateCatalog with `stockOnly`
 * broadcasts), sent by the statement that writes the change as one of its WITH items
 * (stockNoticeStep): NOTIFY goes out when the transaction commits, so they hear of the change
 * with its commit and never of one rolled back, no crash between the commit and the notice can
 * lose it, and the change saves the round trip of a notice of its own (issue 17). Then call
 * invalidateCatalog with `announced`. Answers the notice's messages, or null where nothing is
 * broadcast (the embedded database, outside the Next server): call invalidateCatalog as usual.
 */
export async function stockNotices(
  productIds: string[],
  { lists }: { lists: boolean },
): Promise<string[] | null> {
  if (!inNextServer()) return null
  if ((await getDatabase()).engine !== 'postgres') return null
  const tags = tagsOf(productIds, lists)
  if (tags.length === 0) return null
  const soft = expireTags() !== undefined
  return tagGroups(tags).map((group) => JSON.stringify(soft ? { tags: group, soft } : group))
}

/**
 * The WITH item that sends `count` messages of stockNotices, written with placeholders for a
 * statement whose text is kept (lib/db/sql.ts; the values: stockNoticeValues). The step's rows
 * must be read by the statement (a WITH item nobody reads does not run):
 * `cross join (select count(*) from cache_notice) as cache_notice_sent`.
 */
export function stockNoticeStep(count: number): SQL {
  const messages = Array.from(
    { length: count },
    (_, i) => sql`(${sql.placeholder(`notice${i}`)}::text)`,
  )
  return sql`cache_notice as (
    select pg_notify(${sql.placeholder('noticeChannel')}, m)
    from (values ${sql.join(messages, sql`, `)}) as notices(m))`
}

/** The values of stockNoticeStep's placeholders for `messages`. */
export function stockNoticeValues(messages: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = { noticeChannel: CACHE_CHANNEL }
  messages.forEach((m, i) => (values[`notice${i}`] = m))
  return values
}

/** A NOTIFY payload must stay under 8,000 bytes: tags are sent this many bytes at a time. */
const PAYLOAD_BYTES = 7000

/** The tags in groups whose JSON stays within PAYLOAD_BYTES (a product import's thousands). */
export function tagGroups(tags: string[]): string[][] {
  const groups: string[][] = []
  let group: string[] = []
  let size = 0
  for (const tag of tags) {
    const cost = JSON.stringify(tag).length + 1
    if (group.length > 0 && size + cost > PAYLOAD_BYTES) {
      groups.push(group)
      group = []
      size = 0
    }
    group.push(tag)
    size += cost
  }
  if (group.length > 0) groups.push(group)
  return groups
}

/** On PostgreSQL, tells every app process that listens (lib/cache/cache-handler.cjs). */
async function broadcast(payload: string[] | { tags: string[]; soft: boolean }): Promise<void> {
  const handle = await getDatabase()
  if (handle.engine !== 'postgres') return
  const soft = !Array.isArray(payload) && payload.soft
  for (const tags of tagGroups(Array.isArray(payload) ? payload : payload.tags)) {
    const message = JSON.stringify(soft ? { tags, soft } : tags)
    await handle.db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${message})`)
  }
}

/**
 * For a command run beside the shop (scripts/): a change to these products (and the lists)
 * reaches the running app processes on PostgreSQL at once, as an admin's change would. The
 * embedded database has no running shop beside a command (it holds the folder).
 */
export async function announceCatalogChange(productIds: string[]): Promise<void> {
  await broadcast([CACHE_TAGS.catalog, ...productIds.map(CACHE_TAGS.product)])
}
