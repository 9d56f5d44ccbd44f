import 'server-only'
import { Link, Section, Text } from '@react-email/components'
import { formatPrice, toCents, toDollars } from '@/lib/money'
import type { OrderJson } from '@/lib/orders/order-json'
import { SITE } from '@/lib/site'
import { link as linkStyle, MailButton, MailLayout, text } from './mail-layout'

export type OrderConfirmationMailProps = { name: string; order: OrderJson; link: string }

const cell = { color: '#0f172a', fontSize: '14px', lineHeight: '20px', padding: '6px 0' }
const right = { ...cell, textAlign: 'right' as const, whiteSpace: 'nowrap' as const }
const muted = { ...cell, color: '#475569' }

/**
 * After an order is placed: what was bought, what it cost, where it goes, and its page. The
 * plain-text part says the same in ./order-confirmation-text.ts (keep the two together).
 */
export function OrderConfirmationMail({ name, order, link }: OrderConfirmationMailProps) {
  const s = order.shippingInfo
  return (
    <MailLayout
      preview={`Your ${SITE.name} order of ${formatPrice(order.totalPrice)} is confirmed`}
      heading="Thank you for your order"
    >
      <Text style={text}>Hi {name},</Text>
      <Text style={text}>
        We have your order and your payment. Order number: <strong>{order._id}</strong>
      </Text>
      <Section>
        <table width="100%" cellPadding={0} cellSpacing={0} role="presentation">
          <tbody>
            {order.orderItems.map((item) => (
              <tr key={item.productId}>
                <td style={cell}>{item.name}</td>
                {/* One string: React would otherwise put comment markers between the parts. */}
                <td style={right}>{`${item.quantity} × ${formatPrice(item.price)}`}</td>
                <td style={right}>{formatPrice(toDollars(toCents(item.price) * item.quantity))}</td>
              </tr>
            ))}
            <tr>
              <td style={muted} colSpan={2}>
                Subtotal
              </td>
              <td style={right}>{formatPrice(order.itemsPrice)}</td>
            </tr>
            <tr>
              <td style={muted} colSpan={2}>
                Shipping
              </td>
              <td style={right}>{formatPrice(order.shippingPrice)}</td>
            </tr>
            <tr>
              <td style={{ ...cell, fontWeight: 700 }} colSpan={2}>
                Total
              </td>
              <td style={{ ...right, fontWeight: 700 }}>{formatPrice(order.totalPrice)}</td>
            </tr>
          </tbody>
        </table>
      </Section>
      <Text style={{ ...text, marginTop: '16px' }}>
        Shipping to: {s.address}, {s.state}, {s.country} {s.pinCode}. Phone: {s.phoneNumber}
      </Text>
      <MailButton href={link}>View your order</MailButton>
      <Text style={text} data-skip-in-text="true">
        Or open this link:{' '}
        <Link href={link} style={linkStyle}>
          {link}
        </Link>
      </Text>
      <Text style={text}>We will write again when it ships.</Text>
    </MailLayout>
  )
}
