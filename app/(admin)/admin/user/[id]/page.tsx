import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { RoleBadge, RoleToggle } from '@/components/admin/role-toggle'
import { OrderStatusBadge } from '@/components/orders/order-status'
import { Avatar } from '@/components/ui/avatar'
import { Stars } from '@/components/ui/stars'
import { AppError } from '@/lib/errors'
import { requireAdmin } from '@/lib/auth/guards'
import { formatPrice } from '@/lib/money'
import { adminUserHref, productHref, ROUTES } from '@/lib/routes'
import { getUser } from '@/lib/users/get-user'
import { getUserActivity } from '@/lib/users/get-user-activity'

export const metadata: Metadata = { title: 'User' }

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const adminOrderHref = (id: string) =>
  ROUTES.adminOrder.path.replace('{id}', encodeURIComponent(id))

const CARD = 'rounded-xl border border-slate-200 bg-white shadow-sm'
const TH = 'px-4 py-3 font-semibold'

// One customer for an admin (docs/product.md "User": the original's placeholder, made useful):
// the account, the role toggle, what they bought and what they wrote. An unknown or malformed id
// is the 404 page.
export default async function AdminUserPage({ params }: PageProps<'/admin/user/[id]'>) {
  const { id } = await params
  const actor = await requireAdmin(adminUserHref(id))
  const user = await getUser({ actor, id }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') notFound()
    throw error
  })
  const activity = await getUserActivity({ actor, userId: user._id })

  const figures = [
    { label: 'Orders', value: String(activity.orderCount) },
    { label: 'Spent', value: formatPrice(activity.totalSpent) },
    { label: 'Not yet delivered', value: String(activity.openOrders) },
    { label: 'Reviews', value: String(activity.reviewCount) },
  ]

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <Link
        href={ROUTES.manageUsers.path}
        prefetch={false}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        ← Users
      </Link>

      <section aria-labelledby="user-name" className={`mt-3 p-5 sm:p-6 ${CARD}`}>
        <div className="flex flex-wrap items-start gap-4">
          <div className="overflow-hidden rounded-full">
            <Avatar url={user.avatar.url} alt={`Avatar of ${user.name}`} size={48} />
          </div>
          <div className="min-w-0 flex-1">
            <h1 id="user-name" className="text-2xl font-bold tracking-tight text-ink">
              {user.name}
            </h1>
            <p className="break-all text-ink-soft">{user.email}</p>
          </div>
          <RoleToggle user={user} actorId={actor.id} />
        </div>
        <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-ink-muted">User ID</dt>
            <dd className="font-mono text-xs break-all text-ink">{user._id}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">Role</dt>
            <dd>
              <RoleBadge role={user.role} />
              {user._id === actor.id && <span className="ml-2 text-ink-soft">(you)</span>}
            </dd>
          </div>
          <div>
            <dt className="text-ink-muted">E-mail</dt>
            <dd className="text-ink">{user.verified ? 'Verified' : 'Not verified yet'}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">Joined</dt>
            <dd className="text-ink">
              <time dateTime={user.createdAt}>{date.format(new Date(user.createdAt))}</time>
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="user-figures" className="mt-6">
        <h2 id="user-figures" className="sr-only">
          At a glance
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {figures.map((f) => (
            <div key={f.label} className={`p-4 ${CARD}`}>
              <dt className="text-sm text-ink-muted">{f.label}</dt>
              <dd className="mt-1 text-xl font-bold text-ink">{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="user-orders" className="mt-8">
        <h2 id="user-orders" className="text-xl font-bold text-ink">
          Orders
        </h2>
        {activity.orders.length === 0 ? (
          <p className={`mt-3 p-6 text-center text-ink-muted ${CARD}`}>No orders yet.</p>
        ) : (
          <div
            role="region"
            aria-labelledby="user-orders-caption"
            tabIndex={0}
            className={`relative mt-3 overflow-x-auto ${CARD}`}
          >
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption id="user-orders-caption" className="px-4 py-3 text-left text-ink-soft">
                {activity.orderCount > activity.orders.length
                  ? `The latest ${activity.orders.length} of ${activity.orderCount} orders, newest first.`
                  : 'Their orders, newest first.'}{' '}
                Delivered orders are highlighted green.
              </caption>
              <thead className="border-y border-slate-200 bg-slate-50 text-ink-muted">
                <tr>
                  <th scope="col" className={TH}>
                    Order ID
                  </th>
                  <th scope="col" className={TH}>
                    Placed
                  </th>
                  <th scope="col" className={TH}>
                    Status
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    Items
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {activity.orders.map((o) => (
                  <tr
                    key={o._id}
                    data-tone={o.orderStatus === 'Delivered' ? 'green' : undefined}
                    className={`border-b border-slate-100 last:border-0 ${o.orderStatus === 'Delivered' ? 'bg-green-50' : ''}`}
                  >
                    <td className="px-4 py-3">
                      <Link
                        href={adminOrderHref(o._id)}
                        prefetch={false}
                        className="font-mono text-xs break-all text-brand-700 hover:underline"
                      >
                        {o._id}
                      </Link>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-ink-soft">
                      <time dateTime={o.createdAt}>{date.format(new Date(o.createdAt))}</time>
                    </td>
                    <td className="px-4 py-3">
                      <OrderStatusBadge status={o.orderStatus} />
                    </td>
                    <td className="px-4 py-3 text-right">{o.items}</td>
                    <td className="px-4 py-3 text-right font-semibold text-ink">
                      {formatPrice(o.totalPrice)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="user-reviews" className="mt-8">
        <h2 id="user-reviews" className="text-xl font-bold text-ink">
          Reviews
        </h2>
        {activity.reviews.length === 0 ? (
          <p className={`mt-3 p-6 text-center text-ink-muted ${CARD}`}>No reviews yet.</p>
        ) : (
          <>
            {activity.reviewCount > activity.reviews.length && (
              <p className="mt-1 text-sm text-ink-muted">
                The latest {activity.reviews.length} of {activity.reviewCount} reviews.
              </p>
            )}
            <ul className="mt-3 space-y-3">
              {activity.reviews.map((r) => (
                <li key={r._id} className={`p-4 ${CARD}`}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    {r.productGone ? (
                      <span className="font-semibold text-ink">
                        {r.productName} <span className="text-ink-muted">(deleted)</span>
                      </span>
                    ) : (
                      <Link
                        href={productHref(r.productId)}
                        prefetch={false}
                        className="font-semibold text-brand-700 hover:underline"
                      >
                        {r.productName}
                      </Link>
                    )}
                    <time dateTime={r.createdAt} className="text-sm text-ink-muted">
                      {date.format(new Date(r.createdAt))}
                    </time>
                  </div>
                  <div className="mt-1">
                    <Stars rating={r.rating} />
                  </div>
                  <p className="mt-2 break-words whitespace-pre-line text-ink-soft">{r.comment}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  )
}
