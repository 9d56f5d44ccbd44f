/** At or below this many left, the storefront says how many. */
export const LOW_STOCK = 5

/**
 * The storefront's stock line: the original product description's 'Only N Unit left' on
 * plentiful stock read as false urgency, so 'In stock' until few are left
 * (docs/decisions/0004-storefront-differences.md; docs/product.md "Notes", note 2). The admin
 * product page keeps the original wording.
 */
export function stockLabel(stock: number): string {
  if (stock < 1) return 'Out of Stock'
  if (stock <= LOW_STOCK) return `Only ${stock} left`
  return 'In stock'
}

export function StockStatus({ stock }: { stock: number }) {
  const out = stock < 1
  return (
    <p
      className={`inline-flex items-center gap-2 font-semibold ${
        out ? 'text-red-700' : 'text-green-700'
      }`}
    >
      <span
        className={`size-2.5 rounded-full ${out ? 'bg-red-600' : 'bg-green-600'}`}
        aria-hidden="true"
      />
      {stockLabel(stock)}
    </p>
  )
}
