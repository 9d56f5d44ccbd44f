import type { Metadata } from 'next'
import Link from 'next/link'
import { adminDateTime, adminProductHref } from '@/components/admin/admin-links'
import { ConfirmAction } from '@/components/admin/confirm-action'
import { DataTable, type Column } from '@/components/admin/data-table'
import { OrderStatusBadge } from '@/components/orders/order-status'
import { getDashboard, LOW_STOCK, type Dashboard, type StockItem } from '@/lib/admin/get-dashboard'
import { listHref, parseListParams } from '@/lib/admin/list-params'
import { requireAdmin } from '@/lib/auth/guards'
import { ORDER_STATUSES } from '@/lib/enums'
import type { MessageJson } from '@/lib/messages/message-json'
import { listMessages, MESSAGE_SORTS } from '@/lib/messages/list-messages'
import { formatPrice } from '@/lib/money'
import { ROUTES } from '@/lib/routes'
import { RevenueChartIsland } from './_components/revenue-chart-island'

export const metadata: Metadata = { title: 'Dashboard' }

const PATH = ROUTES.dashboard.path
const whole = new Intl.NumberFormat('en-US')

// The owner's overview (docs/product.md "Dashboard"): the three totals, the last 30 days, orders by
// status, stock to refill and the contact messages. Read from the services on each request.
export default async function DashboardPage({ searchParams }: PageProps<'/admin/dashbord'>) {
  const admin = await requireAdmin(PATH)
  const params = parseListParams(await searchParams, {
    sorts: MESSAGE_SORTS,
    defaultSort: 'createdAt',
    defaultDir: 'desc',
  })
  const [stats, messages] = await Promise.all([
    getDashboard({ actor: admin }),
    listMessages({ actor: admin, params }),
  ])
  const last30 = stats.days.reduce(
    (s, d) => ({ revenue: s.revenue + d.revenue, orders: s.orders + d.orders }),
    { revenue: 0, orders: 0 },
  )

  const columns: Column<MessageJson>[] = [
    {
      key: 'from',
      label: 'From',
      cell: (m) => (
        <div className="min-w-40">
          <p className="font-semibold text-ink">{m.name}</p>
          <a href={`mailto:${m.email}`} className="break-all text-brand-700 underline">
            {m.email}
          </a>
        </div>
      ),
    },
    {
      key: 'message',
      label: 'Message',
      cell: (m) => (
        <p className="max-w-prose break-words whitespace-pre-line text-ink">{m.message}</p>
      ),
    },
    {
      key: 'received',
      label: 'Received',
      sort: 'createdAt',
      firstDir: 'desc',
      cell: (m) => (
        <span className="whitespace-nowrap text-ink-soft">{adminDateTime(m.createdAt)}</span>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      cell: (m) => (
        <ConfirmAction
          label="Delete"
          ariaLabel={`Delete the message from ${m.name}`}
          title="Delete this message?"
          description={`The message from ${m.name} (${m.email}) is removed for good.`}
          method="DELETE"
          url={`/api/v1/admin/message/${encodeURIComponent(m._id)}`}
          successText="Message deleted"
        />
      ),
    },
  ]

  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Dashboard</h1>

      <MailNotice mail={stats.mail} />

      <section aria-label="Totals" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Figure label="Total Revenue" value={formatPrice(stats.revenue)} />
        <Figure
          label="Total Orders"
          value={whole.format(stats.orderCount)}
          href={ROUTES.manageOrders.path}
        />
        <Figure
          label="Total Users"
          value={whole.format(stats.userCount)}
          href={ROUTES.manageUsers.path}
        />
      </section>

      <section aria-labelledby="chart-title" className={CARD}>
        <h2 id="chart-title" className="text-lg font-semibold text-ink">
          Revenue and orders, last 30 days
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {formatPrice(last30.revenue)} from {whole.format(last30.orders)}{' '}
          {last30.orders === 1 ? 'order' : 'orders'} (days in UTC).
        </p>
        <div className="mt-4">
          <RevenueChartIsland days={stats.days} />
        </div>
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold text-brand-700">
            Figures per day
          </summary>
          <div
            role="region"
            aria-label="Figures per day"
            tabIndex={0}
            className="relative mt-2 max-h-80 overflow-auto"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Revenue and orders per day, last 30 days</caption>
              <thead className="bg-slate-50 text-ink-muted">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Day
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Revenue
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Orders
                  </th>
                </tr>
              </thead>
              <tbody>
                {stats.days.map((d) => (
                  <tr key={d.day} className="border-t border-slate-100">
                    <th scope="row" className="px-3 py-1.5 font-normal">
                      {d.day}
                    </th>
                    <td className="px-3 py-1.5 text-right">{formatPrice(d.revenue)}</td>
                    <td className="px-3 py-1.5 text-right">{d.orders}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section aria-labelledby="status-title" className={CARD}>
          <h2 id="status-title" className="text-lg font-semibold text-ink">
            Orders by status
          </h2>
          <ul className="mt-3 space-y-2">
            {ORDER_STATUSES.map((status) => (
              <li key={status}>
                <Link
                  href={listHref(ROUTES.manageOrders.path, { status })}
                  className="flex items-center justify-between rounded-md px-2 py-1.5 hover:bg-slate-50"
                >
                  <OrderStatusBadge status={status} />
                  <span className="font-semibold text-ink">
                    {whole.format(stats.byStatus[status])}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <StockList
          id="out-of-stock"
          title="Out of stock"
          empty="Every product is in stock."
          list={stats.outOfStock}
        />
        <StockList
          id="low-stock"
          title={`Low stock (${LOW_STOCK} or fewer left)`}
          empty="No product is running low."
          list={stats.lowStock}
        />
      </div>

      <section aria-labelledby="messages-title">
        <h2 id="messages-title" className="text-xl font-bold text-ink">
          Messages
        </h2>
        {messages.total === 0 && params.q === '' ? (
          <p className="mt-4 rounded-xl border border-slate-200 bg-white p-8 text-center text-ink-muted shadow-sm">
            No messages yet.
          </p>
        ) : (
          <DataTable
            id="messages"
            caption="Contact messages, newest first"
            basePath={PATH}
            params={params}
            columns={columns}
            page={messages}
            rowKey={(m) => m._id}
            search={{ label: 'Search messages', placeholder: 'Name, e-mail or text' }}
            noun={{ one: 'message', many: 'messages' }}
            emptyText="No message matches this search."
          />
        )}
      </section>
    </div>
  )
}

const CARD = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm'

const mailCount = (n: number) => `${whole.format(n)} ${n === 1 ? 'mail' : 'mails'}`

/**
 * Said only when mail needs the owner: order confirmations and sign-in links that wait for
 * minutes (a mail server that refuses them, or a sale that outruns it), or mail given up on.
 */
function MailNotice({ mail }: { mail: Dashboard['mail'] }) {
  if (!mail.late && mail.failed === 0) return null
  return (
    <section
      aria-labelledby="mail-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
    >
      <h2 id="mail-title" className="text-lg font-semibold">
        {mail.late ? 'Mail is running late' : 'Some mail could not be sent'}
      </h2>
      {mail.late && mail.oldestPendingAt && (
        <p className="mt-1">
          {mailCount(mail.pending)} {mail.pending === 1 ? 'waits' : 'wait'} to be sent, the oldest
          since {adminDateTime(mail.oldestPendingAt)}. Each goes out as soon as the mail server
          takes it.
        </p>
      )}
      {mail.failed > 0 && (
        <p className="mt-1 break-words">
          In the last 24 hours {mailCount(mail.failed)} could not be sent and{' '}
          {mail.failed === 1 ? 'was' : 'were'} given up on
          {mail.lastFailure && (
            <>
              {' '}
              (the last on {adminDateTime(mail.lastFailure.at)}
              {mail.lastFailure.error && <>: {mail.lastFailure.error}</>})
            </>
          )}
          .
        </p>
      )}
      <p className="mt-1 text-sm">
        A wrong address fails on its own; when every mail fails, check the mail settings (SMTP_URL)
        and the server&apos;s log.
      </p>
    </section>
  )
}

function Figure({ label, value, href }: { label: string; value: string; href?: string }) {
  const body = (
    <>
      <p className="text-sm font-medium text-ink-muted">{label}</p>
      <p className="mt-1 text-2xl font-bold text-ink sm:text-3xl">{value}</p>
    </>
  )
  return href ? (
    <Link href={href} className={`${CARD} block hover:border-brand-600`}>
      {body}
    </Link>
  ) : (
    <div className={CARD}>{body}</div>
  )
}

function StockList({
  id,
  title,
  empty,
  list,
}: {
  id: string
  title: string
  empty: string
  list: { count: number; items: StockItem[] }
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={CARD}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {title}
        <span className="ml-2 text-sm font-medium text-ink-muted">
          {whole.format(list.count)} {list.count === 1 ? 'product' : 'products'}
        </span>
      </h2>
      {list.items.length === 0 ? (
        <p className="mt-3 text-ink-muted">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {list.items.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 py-2">
              <Link
                href={adminProductHref(p.id)}
                className="min-w-0 truncate font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {p.name}
              </Link>
              <span
                className={`shrink-0 text-sm font-semibold ${p.stock <= 0 ? 'text-red-700' : 'text-amber-800'}`}
              >
                {p.stock <= 0 ? 'Out of Stock' : `${p.stock} left`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
