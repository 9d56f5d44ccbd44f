import type { Metadata } from 'next'
import Link from 'next/link'
import { adminDateTime, adminOrderHref } from '@/components/admin/admin-links'
import { ConfirmAction } from '@/components/admin/confirm-action'
import { CsvLink } from '@/components/admin/csv-link'
import { DataTable, type Column } from '@/components/admin/data-table'
import { OrderStatusBadge } from '@/components/orders/order-status'
import { requireAdmin } from '@/lib/auth/guards'
import { ORDER_STATUSES } from '@/lib/enums'
import { formatPrice } from '@/lib/money'
import { parseOrderFilters, parseOrderListParams } from '@/lib/orders/admin-order-query'
import { listOrders } from '@/lib/orders/list-orders'
import type { OrderJson } from '@/lib/orders/order-json'
import { canDeleteOrder } from '@/lib/orders/status-flow'
import { ROUTES } from '@/lib/routes'

export const metadata: Metadata = { title: 'Orders' }

const PATH = ROUTES.manageOrders.path

const LINK =
  'inline-flex items-center rounded-md border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50'

// Every order of the shop (docs/product.md "Orders": id, status, total, view, delete; delivered
// rows green), one page at a time, searchable, sortable and filtered by status, all in the URL.
export default async function ManageOrdersPage({ searchParams }: PageProps<'/admin/manageorder'>) {
  const admin = await requireAdmin(PATH)
  const query = await searchParams
  const { paged: _paged, ...params } = parseOrderListParams(query)
  const filters = parseOrderFilters(query, false)
  const list = await listOrders({ actor: admin, params, filters })
  const filtered = params.q !== '' || filters.status !== undefined

  const columns: Column<OrderJson>[] = [
    {
      key: 'id',
      label: 'Order ID',
      cell: (o) => <span className="font-mono text-xs break-all text-ink">{o._id}</span>,
    },
    {
      key: 'placed',
      label: 'Placed',
      sort: 'createdAt',
      firstDir: 'desc',
      cell: (o) => (
        <span className="whitespace-nowrap text-ink-soft">{adminDateTime(o.createdAt)}</span>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      sort: 'status',
      cell: (o) => <OrderStatusBadge status={o.orderStatus} />,
    },
    {
      key: 'items',
      label: 'Items',
      align: 'right',
      cell: (o) => o.orderItems.reduce((s, i) => s + i.quantity, 0),
    },
    {
      key: 'total',
      label: 'Total',
      sort: 'total',
      firstDir: 'desc',
      align: 'right',
      cell: (o) => <span className="font-semibold text-ink">{formatPrice(o.totalPrice)}</span>,
    },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      cell: (o) => (
        <div className="flex justify-end gap-2">
          <Link href={adminOrderHref(o._id)} className={LINK} aria-label={`View order ${o._id}`}>
            View
          </Link>
          <ConfirmAction
            label="Delete"
            ariaLabel={`Delete order ${o._id}`}
            title="Delete this order?"
            description={
              canDeleteOrder(o.orderStatus)
                ? `Order ${o._id} (${formatPrice(o.totalPrice)}) and its items are removed for good.`
                : `Order ${o._id} is still processing: it can be deleted once it has shipped.`
            }
            method="DELETE"
            url={`/api/v1/admin/order/${encodeURIComponent(o._id)}`}
            successText="Order deleted"
          />
        </div>
      ),
    },
  ]

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Orders</h1>
      <p className="mt-2 text-ink-soft">
        Total amount{filtered ? ' of the matching orders' : ''}:{' '}
        <strong className="text-ink" data-testid="orders-total-amount">
          {formatPrice(list.totalAmount)}
        </strong>
      </p>
      <DataTable
        id="orders"
        caption="Orders. Delivered orders are highlighted green."
        basePath={PATH}
        params={params}
        filters={filters.status ? { status: filters.status } : {}}
        selects={[
          {
            name: 'status',
            label: 'Status',
            value: filters.status ?? '',
            options: [
              { value: '', label: 'All statuses' },
              ...ORDER_STATUSES.map((s) => ({ value: s, label: s })),
            ],
          },
        ]}
        columns={columns}
        page={list}
        rowKey={(o) => o._id}
        rowTone={(o) => (o.orderStatus === 'Delivered' ? 'green' : undefined)}
        search={{ label: 'Search orders', placeholder: 'Order id, customer e-mail or name' }}
        noun={{ one: 'order', many: 'orders' }}
        emptyText={filtered ? 'No order matches this search.' : 'No orders yet.'}
        actions={
          <CsvLink
            apiPath="/api/v1/admin/orders"
            query={{ q: params.q, sort: params.sort, dir: params.dir, status: filters.status }}
          />
        }
      />
    </div>
  )
}
