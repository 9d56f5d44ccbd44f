import { ServerImage } from '@/components/ui/server-image'
import Link from 'next/link'
import { formatPrice, toCents, toDollars } from '@/lib/money'
import type { OrderJson } from '@/lib/orders/order-json'
import { productHref } from '@/lib/paths'
import { OrderStatusBadge } from './order-status'

// The detail view of one order (docs/product.md "Order details"), for its owner's /order/{id}
// and the admin's order page. Names, images and prices are the order's snapshot, not today's
// product.

// Server-rendered: one fixed zone, so the HTML does not depend on where the server runs.
const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
})
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby={`order-${title.replace(/\s/g, '-')}`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`order-${title.replace(/\s/g, '-')}`} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  )
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium break-words text-ink">{children}</dd>
    </div>
  )
}

/** `action`: what the viewer may do about the status (the shopper's Cancel button). */
export function OrderDetails({ order, action }: { order: OrderJson; action?: React.ReactNode }) {
  const paid = order.paymentInfo === 'Done'
  const c = order.cancellation
  const { shippingInfo: s } = order
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="grid content-start gap-6">
        <Section title="Shipping Info">
          <dl>
            <Row label="Address">{s.address}</Row>
            <Row label="State">{s.state}</Row>
            <Row label="Country">{s.country}</Row>
            <Row label="Pin Code">{s.pinCode}</Row>
            <Row label="Phone">{s.phoneNumber}</Row>
          </dl>
        </Section>
        <Section title="Order Items">
          <ul className="divide-y divide-slate-100">
            {order.orderItems.map((item) => (
              <li key={item.productId} className="py-3 first:pt-0 last:pb-0">
                <Link
                  href={productHref(item.productId)}
                  prefetch={false}
                  className="group flex items-center gap-4 rounded-md"
                >
                  <span className="block size-16 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-50">
                    {item.image ? (
                      <ServerImage
                        src={item.image}
                        alt=""
                        width={64}
                        height={64}
                        className="size-16 object-contain"
                      />
                    ) : null}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-ink group-hover:text-brand-700 group-hover:underline">
                      {item.name}
                    </span>
                    <span className="block font-mono text-xs break-all text-ink-muted">
                      Product ID: {item.productId}
                    </span>
                  </span>
                  <span className="shrink-0 text-right text-sm text-ink">
                    {formatPrice(item.price)} × {item.quantity} ={' '}
                    <strong>{formatPrice(toDollars(toCents(item.price) * item.quantity))}</strong>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      </div>
      <div className="grid content-start gap-6">
        <Section title="Payment">
          <p className={`font-semibold ${paid ? 'text-green-700' : 'text-red-700'}`}>
            {paid ? 'Paid' : 'Not paid'}
          </p>
          {paid ? <p className="mt-1 text-sm text-ink-muted">on {when(order.paidAt)}</p> : null}
        </Section>
        <Section title="Order Status">
          <OrderStatusBadge status={order.orderStatus} />
          {order.deliveredAt ? (
            <p className="mt-2 text-sm text-ink-muted">Delivered on {when(order.deliveredAt)}</p>
          ) : null}
          {c ? (
            <div className="mt-2 text-sm" data-testid="order-cancellation">
              <p className="text-ink-muted">
                {c.cancelledBy === 'shopper' ? 'You cancelled this order' : 'Cancelled by the shop'}{' '}
                on {when(c.cancelledAt)}
              </p>
              {c.reason ? (
                <p className="mt-1 break-words text-ink">
                  <span className="font-semibold">Reason:</span> {c.reason}
                </p>
              ) : null}
            </div>
          ) : null}
          <p className="mt-2 text-sm text-ink-muted">Placed on {when(order.createdAt)}</p>
          {action ? <div className="mt-4">{action}</div> : null}
        </Section>
        <Section title="Order Summary">
          <dl>
            <Row label="Items">{formatPrice(order.itemsPrice)}</Row>
            <Row label="Shipping">{formatPrice(order.shippingPrice)}</Row>
            <div className="mt-2 flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg">
              <dt className="font-semibold text-ink">Total</dt>
              <dd className="font-bold text-ink">{formatPrice(order.totalPrice)}</dd>
            </div>
          </dl>
        </Section>
      </div>
    </div>
  )
}
