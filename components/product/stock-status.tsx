/** SPEC.md §2: 'Out of Stock' below 1, else 'Only N Unit left' (wording as the spec has it). */
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
      {out ? 'Out of Stock' : `Only ${stock} Unit left`}
    </p>
  )
}
