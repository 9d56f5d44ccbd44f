import { describe, expect, it } from 'vitest'
import { csvFilename, csvResponse, readCell, safeCell } from './csv'

async function* batches<T>(...lists: T[][]) {
  for (const list of lists) yield list
}

describe('csv export', () => {
  it('keeps formulas out of spreadsheet cells', () => {
    expect(safeCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`)
    expect(safeCell('+1')).toBe("'+1")
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(safeCell('Laptop')).toBe('Laptop')
    expect(safeCell(-5)).toBe(-5)
    expect(safeCell(null)).toBe('')
    expect(safeCell("'quoted")).toBe("''quoted")
  })

  it('reads back exactly what it wrote, and keeps formula-like text as text', () => {
    for (const text of ['=1+1', '+1', '-5', '@SUM(A1)', '\tx', "'quoted", "''", "'=x", 'Laptop']) {
      expect(readCell(String(safeCell(text)))).toBe(text)
    }
    expect(readCell('=1+1')).toBe('=1+1')
    expect(readCell("'hello")).toBe("'hello")
  })

  it('streams the header and every batch as one download', async () => {
    const response = csvResponse({
      filename: csvFilename('orders', new Date('2026-11-22T10:00:00Z')),
      columns: [
        { header: 'id', value: (r: { id: string; total: number }) => r.id },
        { header: 'total', value: (r) => r.total },
      ],
      batches: batches([{ id: 'a,1', total: 10.5 }], [], [{ id: 'b "q"', total: 3 }]),
    })
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="orders-2026-11-22.csv"',
    )
    expect(await response.text()).toBe('id,total\n"a,1",10.5\n"b ""q""",3\n')
  })
})
