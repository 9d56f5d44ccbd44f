import 'server-only'
import { formatPrice, toCents, toDollars } from '@/lib/money'
import { SITE } from '@/lib/site'
import type { OrderConfirmationMailProps } from './order-confirmation-mail'

// The plain-text part of the order confirmation, written out rather than taken from the HTML:
// the HTML's table came out as one run-on line ("(Brushed Steel)4 × $49.00$196.00Lumiere …").
// One line per item, its name, then quantity × price and the line's total right-aligned, so the
// amounts stand in a column in any fixed-width reader; the totals below line up with them. The
// frame (heading, footer) is the one the other mails' text parts get from their HTML.

/** The widest a line gets unless an amount alone is wider; names past it wrap. */
const WIDTH = 72
const GAP = '  '

// Lengths in characters, not UTF-16 units: a name with an emoji must not shift the columns.
const length = (s: string) => [...s].length
const padEnd = (s: string, width: number) => s + ' '.repeat(Math.max(0, width - length(s)))
const padStart = (s: string, width: number) => ' '.repeat(Math.max(0, width - length(s))) + s
// Names and addresses are user input: a line break in one must not start a line of its own.
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim()

/** Splits `text` into lines of at most `width` characters, at spaces where it can. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (let word of text.split(' ')) {
    if (line && length(line) + 1 + length(word) <= width) {
      line += ` ${word}`
      continue
    }
    if (line) lines.push(line)
    while (length(word) > width) {
      lines.push([...word].slice(0, width).join(''))
      word = [...word].slice(width).join('')
    }
    line = word
  }
  if (line || lines.length === 0) lines.push(line)
  return lines
}

/** The items, one line each, then subtotal, shipping and total under the line totals. */
export function orderLines(order: OrderConfirmationMailProps['order']): string[] {
  const items = order.orderItems.map((item) => ({
    name: oneLine(item.name),
    each: `${item.quantity} × ${formatPrice(item.price)}`,
    total: formatPrice(toDollars(toCents(item.price) * item.quantity)),
  }))
  const totals: [string, string][] = [
    ['Subtotal', formatPrice(order.itemsPrice)],
    ['Shipping', formatPrice(order.shippingPrice)],
    ['Total', formatPrice(order.totalPrice)],
  ]
  const eachWidth = Math.max(0, ...items.map((i) => length(i.each)))
  const amountWidth = Math.max(
    ...items.map((i) => length(i.total)),
    ...totals.map(([, a]) => length(a)),
  )
  const longestName = Math.max(length('Subtotal'), ...items.map((i) => length(i.name)))
  const room = WIDTH - eachWidth - amountWidth - 2 * GAP.length
  const nameWidth = Math.min(longestName, Math.max(20, room))
  const lineWidth = nameWidth + eachWidth + amountWidth + 2 * GAP.length

  const lines: string[] = []
  for (const item of items) {
    const [first = '', ...rest] = wrap(item.name, nameWidth)
    lines.push(
      padEnd(first, nameWidth) +
        GAP +
        padStart(item.each, eachWidth) +
        GAP +
        padStart(item.total, amountWidth),
    )
    // The rest of a long name goes under its start, indented, with no amounts of its own.
    for (const more of wrap(rest.join(' '), nameWidth - 2)) if (more) lines.push(`  ${more}`)
  }
  lines.push('-'.repeat(lineWidth))
  for (const [label, amount] of totals) {
    lines.push(padEnd(label, lineWidth - amountWidth) + padStart(amount, amountWidth))
  }
  return lines
}

export function orderConfirmationText({ name, order, link }: OrderConfirmationMailProps): string {
  const s = order.shippingInfo
  const address = [s.address, s.state, `${s.country} ${s.pinCode}`].map(oneLine).join(', ')
  const paragraphs = [
    'THANK YOU FOR YOUR ORDER',
    `Hi ${oneLine(name)},`,
    `We have your order and your payment. Order number: ${order._id}`,
    orderLines(order).join('\n'),
    `Shipping to: ${address}. Phone: ${oneLine(s.phoneNumber)}`,
    `View your order: ${link}`,
    'We will write again when it ships.',
    '-'.repeat(40),
    `${SITE.name}: ${SITE.tagline}`,
  ]
  return paragraphs.join('\n\n')
}
