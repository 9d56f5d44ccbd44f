import 'server-only'
import { stringify } from 'csv-stringify/sync'

// CSV exports of the admin lists: streamed in batches (an export of 100,000 orders never sits in
// memory as one string), with the list's current filters, as a download.

export type CsvColumn<T> = { header: string; value: (row: T) => string | number | null }

// A spreadsheet runs a cell that starts with one of these as a formula ("=HYPERLINK(…)" in a
// product name or an address); a leading apostrophe makes it text. Text that starts with an
// apostrophe gets one more, so that readCell (the product import) gives back exactly what was
// written: an export imported again changes nothing.
const FORMULA_START = /^[=+\-@\t\r]/
const ESCAPED = /^'[=+\-@\t\r']/

/** A cell's value as a spreadsheet reads it safely: text never starts a formula. */
export function safeCell(value: string | number | null): string | number {
  if (value === null) return ''
  if (typeof value === 'number') return value
  return FORMULA_START.test(value) || value.startsWith("'") ? `'${value}` : value
}

/**
 * A cell of an imported CSV as the text it stands for: the apostrophe safeCell adds is taken off
 * again; anything else, a formula-like cell included, is kept as the text it is (nothing is
 * ever evaluated).
 */
export function readCell(cell: string): string {
  return ESCAPED.test(cell) ? cell.slice(1) : cell
}

/** Today's date for a file name: `orders-2026-11-22.csv`. */
export function csvFilename(name: string, now = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`
}

/** A streamed CSV download: the header line, then each batch as it is read. */
export function csvResponse<T>(options: {
  filename: string
  columns: readonly CsvColumn<T>[]
  batches: AsyncIterable<readonly T[]>
}): Response {
  const { filename, columns, batches } = options
  const encoder = new TextEncoder()
  const iterator = batches[Symbol.asyncIterator]()
  let headerSent = false
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true
        // A byte-order mark, so that spreadsheets read the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${stringify([columns.map((c) => c.header)])}`))
        return
      }
      // A pull that enqueues nothing is not called again: skip empty batches here.
      for (;;) {
        const next = await iterator.next()
        if (next.done) {
          controller.close()
          return
        }
        if (next.value.length === 0) continue
        const records = next.value.map((row) => columns.map((c) => safeCell(c.value(row))))
        controller.enqueue(encoder.encode(stringify(records)))
        return
      }
    },
    async cancel() {
      await iterator.return?.()
    },
  })
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
