import 'server-only'
import { or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { AppError } from '@/lib/errors'
import { isUuid } from '@/lib/ids'

// The paging / search / sort contract of every admin list, API and page alike. The API is strict
// (a bad value is a 400 naming the parameter); pages are lenient (a bad value falls back to its
// default, so an edited URL never breaks the screen).

export type SortDir = 'asc' | 'desc'
export type ListParams<S extends string> = {
  page: number
  limit: number
  q: string
  sort: S
  dir: SortDir
}
export type ListPage<T> = { rows: T[]; total: number; page: number; limit: number }

export const DEFAULT_LIMIT = 20
export const MAX_LIMIT = 100
export const MAX_Q_LENGTH = 100
const MAX_PAGE = 1_000_000

const LIST_KEYS = ['page', 'limit', 'q', 'sort', 'dir'] as const

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>

type ParseOptions<S extends string> = {
  sorts: readonly S[]
  defaultSort: S
  defaultDir?: SortDir
  /** 400 on a bad value (default for URLSearchParams, the API) or fall back (pages). */
  strict?: boolean
}

/** A parameter's value; a repeated one counts with its first value, as on the storefront. */
export function readParam(source: ParamSource, key: string): string | undefined {
  if (source instanceof URLSearchParams) return source.get(key) ?? undefined
  const value = source[key]
  return Array.isArray(value) ? value[0] : value
}

function integerIn(raw: string, min: number, max: number): number | undefined {
  if (!/^\s*\d+\s*$/.test(raw)) return undefined
  const n = Number(raw)
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined
}

/**
 * The list parameters of a request (URLSearchParams) or a page (Next's searchParams object).
 * `paged` is false when none of page/limit/q/sort/dir was given: the API then keeps the
 * original response shape (all rows).
 */
export function parseListParams<S extends string>(
  input: ParamSource,
  opts: ParseOptions<S>,
): ListParams<S> & { paged: boolean } {
  const strict = opts.strict ?? input instanceof URLSearchParams
  const fail = (message: string) => {
    if (strict) throw new AppError('INVALID', message)
  }
  const raw = Object.fromEntries(LIST_KEYS.map((k) => [k, readParam(input, k)])) as Record<
    (typeof LIST_KEYS)[number],
    string | undefined
  >
  const paged = LIST_KEYS.some((k) => raw[k] !== undefined)

  let page = 1
  if (raw.page !== undefined && raw.page.trim() !== '') {
    const n = integerIn(raw.page, 1, MAX_PAGE)
    if (n === undefined) fail(`page must be a whole number from 1 to ${MAX_PAGE}`)
    else page = n
  }

  let limit = DEFAULT_LIMIT
  if (raw.limit !== undefined && raw.limit.trim() !== '') {
    const n = integerIn(raw.limit, 1, MAX_LIMIT)
    if (n === undefined) fail(`limit must be a whole number from 1 to ${MAX_LIMIT}`)
    else limit = n
  }

  let q = raw.q ?? ''
  if (q.includes('\u0000')) {
    fail('q must not contain a NUL character')
    q = q.replaceAll('\u0000', '')
  }
  q = q.trim()
  if (q.length > MAX_Q_LENGTH) {
    fail(`q must be at most ${MAX_Q_LENGTH} characters`)
    q = q.slice(0, MAX_Q_LENGTH).trim()
  }

  let sort = opts.defaultSort
  if (raw.sort !== undefined && raw.sort !== '') {
    const match = opts.sorts.find((s) => s === raw.sort)
    if (match === undefined) fail(`sort must be one of ${opts.sorts.join(', ')}`)
    else sort = match
  }

  let dir: SortDir = opts.defaultDir ?? 'asc'
  if (raw.dir !== undefined && raw.dir !== '') {
    const value = raw.dir.toLowerCase()
    if (value !== 'asc' && value !== 'desc') fail('dir must be asc or desc')
    else dir = value
  }

  return { page, limit, q, sort, dir, paged }
}

/** How many pages `total` rows fill (at least one, so an empty list is "Page 1 of 1"). */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit))
}

/** The rows before the requested page. */
export function offsetOf(params: Pick<ListParams<string>, 'page' | 'limit'>): number {
  return (params.page - 1) * params.limit
}

export type ListQuery = Partial<ListParams<string>> &
  Record<string, string | number | null | undefined>

/**
 * A list page's URL with these parameters. Defaults stay out of the URL where they are the
 * contract's own (page 1, empty values); everything else is kept as given.
 */
export function listHref(basePath: string, params: ListQuery): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue
    if (key === 'page' && Number(value) === 1) continue
    search.set(key, String(value))
  }
  const query = search.toString()
  return query ? `${basePath}?${query}` : basePath
}

/** `%text%` for LIKE / ILIKE with the pattern characters of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * The search condition of an admin list: the exact id when `q` is a UUID, otherwise a
 * case-insensitive substring of any of `columns` (pattern characters taken literally).
 * Undefined for an empty search.
 */
export function searchCondition(
  q: string,
  idColumn: AnyPgColumn,
  columns: readonly (AnyPgColumn | SQL)[],
): SQL | undefined {
  if (q === '') return undefined
  if (isUuid(q)) return sql`${idColumn} = ${q.toLowerCase()}`
  const pattern = containsPattern(q)
  return or(...columns.map((column) => sql`${column} ilike ${pattern}`))
}
