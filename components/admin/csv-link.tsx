import { listHref, type ListQuery } from '@/lib/admin/list-params'

// The CSV download of an admin list with its current search, sort and filters (the API path
// answers `format=csv` with a streamed file of every matching row, not one page).

export function CsvLink({
  apiPath,
  query,
  label = 'Export CSV',
}: {
  /** The list's /api/v1 path, e.g. /api/v1/admin/orders. */
  apiPath: string
  query: ListQuery
  label?: string
}) {
  const { page: _page, limit: _limit, ...state } = query
  return (
    <a
      href={listHref(apiPath, { ...state, format: 'csv' })}
      download
      className="inline-flex h-10 items-center justify-center rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-ink hover:border-brand-600 hover:text-brand-700"
    >
      {label}
    </a>
  )
}
