import 'server-only'
import { Link, Text } from '@react-email/components'
import { formatPrice } from '@/lib/money'
import { SITE } from '@/lib/site'
import { link as linkStyle, MailButton, MailLayout, text } from './mail-layout'

export type OrderStatusMailProps = {
  name: string
  orderId: string
  status: 'Shipped' | 'Delivered' | 'Cancelled'
  total: number
  cancelledBy?: 'shopper' | 'admin'
  reason?: string
  link: string
}

/** The subject of each status mail (never with anything a user typed). */
export function orderStatusSubject({
  status,
  cancelledBy,
}: Pick<OrderStatusMailProps, 'status' | 'cancelledBy'>): string {
  if (status === 'Shipped') return `Your ${SITE.name} order has shipped`
  if (status === 'Delivered') return `Your ${SITE.name} order was delivered`
  return cancelledBy === 'shopper'
    ? `You cancelled your ${SITE.name} order`
    : `Your ${SITE.name} order was cancelled`
}

const HEADINGS = {
  Shipped: 'Your order is on its way',
  Delivered: 'Your order was delivered',
  Cancelled: 'Your order was cancelled',
} as const

/**
 * After an order moved on (docs/product.md "Status mails"): what happened, the reason an admin
 * gave for a cancellation, and the order's page. The reason is an admin's text: a React child,
 * escaped, never in the subject.
 */
export function OrderStatusMail(props: OrderStatusMailProps) {
  const { name, orderId, status, total, cancelledBy, reason, link } = props
  const amount = formatPrice(total)
  return (
    <MailLayout preview={orderStatusSubject(props)} heading={HEADINGS[status]}>
      <Text style={text}>Hi {name},</Text>
      {status === 'Shipped' && (
        <Text style={text}>
          Your order <strong>{orderId}</strong> of {amount} has shipped. We will write again when it
          is delivered.
        </Text>
      )}
      {status === 'Delivered' && (
        <Text style={text}>
          Your order <strong>{orderId}</strong> of {amount} was delivered. We hope you enjoy it.
        </Text>
      )}
      {status === 'Cancelled' && cancelledBy === 'shopper' && (
        <Text style={text}>
          As you asked, your order <strong>{orderId}</strong> of {amount} is cancelled. Nothing of
          it will be shipped.
        </Text>
      )}
      {status === 'Cancelled' && cancelledBy !== 'shopper' && (
        <>
          <Text style={text}>
            We had to cancel your order <strong>{orderId}</strong> of {amount}. Nothing more of it
            will be shipped.
          </Text>
          {reason ? <Text style={text}>Reason: {reason}</Text> : null}
        </>
      )}
      <MailButton href={link}>View your order</MailButton>
      <Text style={text} data-skip-in-text="true">
        Or open this link:{' '}
        <Link href={link} style={linkStyle}>
          {link}
        </Link>
      </Text>
    </MailLayout>
  )
}
