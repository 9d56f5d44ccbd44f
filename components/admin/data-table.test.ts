import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DataTable, type DataTableProps } from './data-table'

type Row = { id: string; done: boolean }

function render(overrides: Partial<DataTableProps<Row>> = {}): string {
  const props: DataTableProps<Row> = {
    caption: 'Orders. Delivered orders are green.',
    basePath: '/admin/manageorder',
    params: { page: 2, limit: 20, q: 'ab', sort: 'createdAt', dir: 'desc' },
    filters: { status: 'Shipped' },
    selects: [
      {
        name: 'status',
        label: 'Status',
        value: 'Shipped',
        options: [
          { value: '', label: 'All' },
          { value: 'Shipped', label: 'Shipped' },
        ],
      },
    ],
    columns: [
      { key: 'id', label: 'Order ID', sort: 'id', cell: (r) => r.id },
      { key: 'created', label: 'Created', sort: 'createdAt', firstDir: 'desc', cell: () => 'x' },
      { key: 'actions', label: 'Actions', hideLabel: true, cell: () => 'act' },
    ],
    page: {
      rows: [
        { id: 'r1', done: true },
        { id: 'r2', done: false },
      ],
      total: 45,
      page: 2,
      limit: 20,
    },
    rowKey: (r) => r.id,
    rowTone: (r) => (r.done ? 'green' : undefined),
    search: { label: 'Search orders' },
    noun: { one: 'order', many: 'orders' },
    emptyText: 'No orders yet.',
    ...overrides,
  }
  return renderToStaticMarkup(createElement(DataTable<Row>, props)).replaceAll('&amp;', '&')
}

describe('DataTable', () => {
  it('links each sortable header to the other direction, keeping search and filters', () => {
    const html = render()
    expect(html).toContain('aria-sort="descending"')
    expect(html).toContain('href="/admin/manageorder?status=Shipped&q=ab&sort=createdAt&dir=asc"')
    expect(html).toContain('href="/admin/manageorder?status=Shipped&q=ab&sort=id&dir=asc"')
  })

  it('pages with Previous and Next links and says where it is', () => {
    const html = render()
    expect(html).toContain('21–22 of 45 orders · Page 2 of 3')
    expect(html).toContain('href="/admin/manageorder?status=Shipped&q=ab&sort=createdAt&dir=desc"')
    expect(html).toContain(
      'href="/admin/manageorder?status=Shipped&q=ab&sort=createdAt&dir=desc&page=3"',
    )
  })

  it('leaves out Previous on the first page and Next on the last', () => {
    const html = render({ page: { rows: [], total: 0, page: 1, limit: 20 } })
    expect(html).not.toContain('rel="prev"')
    expect(html).not.toContain('rel="next"')
    expect(html).toContain('No orders yet.')
    expect(html).toContain('0 orders · Page 1 of 1')
  })

  it('marks toned rows and keeps the search form on the same sort', () => {
    const html = render()
    expect(html).toMatch(/<tr data-tone="green"[^>]*bg-green-50/)
    expect(html).toContain('<input type="hidden" name="sort" value="createdAt"/>')
    expect(html).not.toContain('<input type="hidden" name="status"')
  })

  it('offers the last page for a page past the end', () => {
    const html = render({ page: { rows: [], total: 45, page: 9, limit: 20 } })
    expect(html).toContain('Page 9 is past the end.')
    expect(html).toContain('sort=createdAt&dir=desc&page=3"')
  })
})
