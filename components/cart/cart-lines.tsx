import Image from 'next/image'
import Link from 'next/link'
import type { ReactNode } from 'react'
import type { CartLine } from '@/lib/cart/use-cart'
import { formatPrice, toCents, toDollars } from '@/lib/money'
import { productHref } from '@/lib/paths'

const lineTotal = (line: CartLine) => toDollars(toCents(line.price) * line.quantity)

/** The cart's lines (image, name to the product, price, quantity, line total), for cart and review. */
export function CartLines({
  lines,
  action,
}: {
  lines: CartLine[]
  /** Something per line (the cart's Remove button). */
  action?: (line: CartLine) => ReactNode
}) {
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {lines.map((line) => (
        <li key={line.productId} className="flex flex-wrap items-center gap-4 p-4">
          <div className="relative size-20 shrink-0 overflow-hidden rounded-md bg-slate-100">
            {line.image ? (
              <Image src={line.image} alt="" fill sizes="80px" className="object-cover" />
            ) : null}
          </div>
          <div className="min-w-0 flex-1">
            <Link
              href={productHref(line.productId)}
              className="font-semibold text-ink hover:text-brand-700 hover:underline"
            >
              {line.name}
            </Link>
            <p className="mt-1 text-sm text-ink-soft">
              {formatPrice(line.price)} × {line.quantity}
              <span className="sr-only"> (quantity {line.quantity})</span>
            </p>
          </div>
          <p className="font-semibold text-ink tabular-nums">
            <span className="sr-only">Line total: </span>
            {formatPrice(lineTotal(line))}
          </p>
          {action ? action(line) : null}
        </li>
      ))}
    </ul>
  )
}
