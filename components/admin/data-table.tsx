import Link from 'next/link'
import type { ReactNode } from 'react'
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons'
import {
  DEFAULT_LIMIT,
  listHref,
  MAX_Q_LENGTH,
  pageCount,
  type ListPage,
  type ListParams,
  type ListQuery,
  type SortDir,
} from '@/lib/admin/list-params'

// The table of every admin list (server component). Sorting, searching, filtering and paging are
// links and GET forms that carry the whole state in the URL, so the table works without
// JavaScript and every view can be shared or reloaded. Actions (delete, toggle) are client
// islands that a column's `cell` renders. At 390 px the table scrolls sideways inside a
// focusable region named by its visible caption. The region is positioned so that it clips the
// absolutely positioned screen-reader texts inside the table too (they would otherwise widen the
// page on a phone).

export type RowTone = 'green' | 'red' | undefined

export type Column<T> = {
  key: string
  label: string
  /** The label is read by assistive technology only (an actions column). */
  hideLabel?: boolean
  /** The `sort` value this column's header link asks for. */
  sort?: string
  /** The direction a first click on this header sorts in (default asc). */
  firstDir?: SortDir
  align?: 'left' | 'right'
  cell: (row: T) => ReactNode
  className?: string
}

export type FilterSelect = {
  name: string
  label: string
  value: string
  options: readonly { value: string; label: string }[]
}

export type DataTableProps<T> = {
  /** Visible caption; also names the scrollable region. Say what a row tone means here. */
  caption: string
  /** Unique on the page: prefixes the element ids. */
  id?: string
  basePath: string
  params: ListParams<string>
  /** Further query parameters (filters) that every link and the search form keep. */
  filters?: Record<string, string>
  /** Filter drop-downs inside the search form; their current values belong in `filters`. */
  selects?: readonly FilterSelect[]
  columns: readonly Column<T>[]
  page: ListPage<T>
  rowKey: (row: T) => string
  /** Row highlight. Never the only cue: a cell must say it in text too (a badge). */
  rowTone?: (row: T) => RowTone
  /** The search box; left out, the table has none. */
  search?: { label: string; placeholder?: string }
  noun: { one: string; many: string }
  emptyText: string
  /** Beside the search form: 'Add new Product', a CSV link. */
  actions?: ReactNode
}

const TONES = { green: 'bg-green-50', red: 'bg-red-50' } as const

const BUTTON =
  'inline-flex h-10 items-center justify-center gap-1 rounded-md px-3 text-sm font-semibold'
const OUTLINE = `${BUTTON} border border-slate-300 bg-white text-ink hover:border-brand-600 hover:text-brand-700`
const FIELD =
  'h-10 w-full rounded-md border border-slate-400 bg-white px-3 text-sm text-ink focus-visible:-outline-offset-1'

export function DataTable<T>(props: DataTableProps<T>) {
  const { caption, columns, page, rowKey, rowTone, noun, emptyText } = props
  const id = props.id ?? 'admin-list'
  const pages = pageCount(page.total, page.limit)
  const first = (page.page - 1) * page.limit + 1

  return (
    <div className="mt-6 space-y-4">
      <Toolbar {...props} id={id} />
      <div
        role="region"
        aria-labelledby={`${id}-caption`}
        tabIndex={0}
        className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption
            id={`${id}-caption`}
            className="border-b border-slate-200 px-4 py-3 text-left font-semibold text-ink"
          >
            {caption}
          </caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-ink-muted">
            <tr>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} {...props} />
              ))}
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => {
              const tone = rowTone?.(row)
              return (
                <tr
                  key={rowKey(row)}
                  data-tone={tone}
                  className={`border-b border-slate-100 last:border-0 ${tone ? TONES[tone] : ''}`}
                >
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={`px-4 py-3 align-middle ${column.align === 'right' ? 'text-right' : ''} ${column.className ?? ''}`}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
        {page.rows.length === 0 && (
          <div className="px-4 py-8 text-center text-ink-muted">
            {page.total > 0 && page.page > pages ? (
              <p>
                Page {page.page} is past the end.{' '}
                <Link
                  href={pageHref(props, pages)}
                  className="font-semibold text-brand-700 underline"
                >
                  Go to the last page
                </Link>
              </p>
            ) : (
              <p>{emptyText}</p>
            )}
          </div>
        )}
      </div>
      <nav
        aria-label={`Pages of ${noun.many}`}
        className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-soft"
      >
        <p>
          {page.total === 0
            ? `0 ${noun.many}`
            : `${page.rows.length > 0 ? `${first}–${first + page.rows.length - 1} of ` : ''}${page.total} ${page.total === 1 ? noun.one : noun.many}`}
          {' · '}Page {page.page} of {pages}
        </p>
        <div className="flex gap-2">
          {page.page > 1 && (
            <Link
              href={pageHref(props, Math.min(page.page - 1, pages))}
              rel="prev"
              className={OUTLINE}
            >
              <ChevronLeftIcon className="size-4" />
              Previous
            </Link>
          )}
          {page.page < pages && (
            <Link href={pageHref(props, page.page + 1)} rel="next" className={OUTLINE}>
              Next
              <ChevronRightIcon className="size-4" />
            </Link>
          )}
        </div>
      </nav>
    </div>
  )
}

/** The state every link keeps: search, sort, limit and the filters. */
function stateOf<T>({ params, filters }: DataTableProps<T>): ListQuery {
  return {
    ...filters,
    q: params.q,
    sort: params.sort,
    dir: params.dir,
    limit: params.limit === DEFAULT_LIMIT ? undefined : params.limit,
  }
}

function pageHref<T>(props: DataTableProps<T>, page: number): string {
  return listHref(props.basePath, { ...stateOf(props), page })
}

function HeaderCell<T>({ column, ...props }: DataTableProps<T> & { column: Column<T> }) {
  const align = column.align === 'right' ? 'text-right' : ''
  const label = column.hideLabel ? <span className="sr-only">{column.label}</span> : column.label
  if (!column.sort) {
    return (
      <th scope="col" className={`px-4 py-3 font-semibold ${align}`}>
        {label}
      </th>
    )
  }
  const current = props.params.sort === column.sort
  const next: SortDir = current
    ? props.params.dir === 'asc'
      ? 'desc'
      : 'asc'
    : (column.firstDir ?? 'asc')
  const href = listHref(props.basePath, { ...stateOf(props), sort: column.sort, dir: next })
  return (
    <th
      scope="col"
      aria-sort={current ? (props.params.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`px-4 py-3 font-semibold ${align}`}
    >
      <Link
        href={href}
        className="inline-flex items-center gap-1 rounded text-ink-soft underline-offset-2 hover:text-brand-700 hover:underline"
      >
        {label}
        <span aria-hidden="true">{current ? (props.params.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
        <span className="sr-only">, sort {next === 'asc' ? 'ascending' : 'descending'}</span>
      </Link>
    </th>
  )
}

function Toolbar<T>(props: DataTableProps<T> & { id: string }) {
  const { search, selects = [], params, basePath, actions, id } = props
  if (!search && selects.length === 0 && !actions) return null
  const selectNames = new Set(selects.map((s) => s.name))
  // The form starts again at page 1 with the same sort, limit and other filters.
  const hidden = Object.entries({ ...stateOf(props), q: undefined }).filter(
    (entry): entry is [string, string | number] =>
      entry[1] !== undefined && entry[1] !== null && entry[1] !== '' && !selectNames.has(entry[0]),
  )
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      {(search || selects.length > 0) && (
        <form
          action={basePath}
          method="get"
          role="search"
          aria-label={search?.label ?? 'Filter'}
          className="flex w-full flex-wrap items-end gap-2 sm:w-auto"
        >
          {hidden.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {search && (
            <div className="min-w-0 basis-full sm:w-72 sm:flex-none sm:basis-auto">
              <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium text-ink-soft">
                {search.label}
              </label>
              <input
                id={`${id}-q`}
                type="search"
                name="q"
                defaultValue={params.q}
                maxLength={MAX_Q_LENGTH}
                placeholder={search.placeholder}
                className={FIELD}
              />
            </div>
          )}
          {selects.map((select) => (
            <div key={select.name}>
              <label
                htmlFor={`${id}-${select.name}`}
                className="mb-1 block text-sm font-medium text-ink-soft"
              >
                {select.label}
              </label>
              <select
                id={`${id}-${select.name}`}
                name={select.name}
                defaultValue={select.value}
                className={FIELD}
              >
                {select.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <button type="submit" className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}>
            {search ? 'Search' : 'Apply'}
          </button>
          {(params.q !== '' || selects.some((s) => s.value !== '')) && (
            <Link href={listHref(basePath, Object.fromEntries(hidden))} className={OUTLINE}>
              Clear
            </Link>
          )}
        </form>
      )}
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  )
}
