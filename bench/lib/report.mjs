// Plain aligned tables for stdout: the load figures beside their baselines, and Lighthouse.

const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const one = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

const fmt = {
  int: (n) => (typeof n === 'number' ? int.format(n) : '–'),
  one: (n) => (typeof n === 'number' ? one.format(n) : '–'),
  ratio: (n) => (typeof n === 'number' ? n.toFixed(2) : '–'),
}

/** Columns: [header, align], rows of strings; numbers right-aligned. */
export function table(columns, rows) {
  const widths = columns.map(([header], i) =>
    Math.max(header.length, ...rows.map((row) => String(row[i]).length)),
  )
  const line = (cells) =>
    cells
      .map((cell, i) => {
        const text = String(cell)
        return columns[i][1] === 'left' ? text.padEnd(widths[i]) : text.padStart(widths[i])
      })
      .join('  ')
      .trimEnd()
  return [line(columns.map(([h]) => h)), ...rows.map(line)].join('\n')
}

export function loadTable(results) {
  const columns = [
    ['target', 'left'],
    ['status', 'right'],
    ['bytes', 'right'],
    ['req/s', 'right'],
    ['×base', 'right'],
    ['p50 ms', 'right'],
    ['p99 ms', 'right'],
    ['p99×base', 'right'],
    ['non-2xx', 'right'],
    ['errors', 'right'],
    ['cold ms', 'right'],
  ]
  const rows = results.map((r) => [
    r.baseline ? `${r.name} (baseline)` : `  ${r.name}`,
    r.warm.status || 'ERR',
    fmt.int(r.warm.bytes),
    fmt.one(r.rps),
    r.baseline ? '' : fmt.ratio(r.rpsRatio),
    fmt.int(r.p50),
    fmt.int(r.p99),
    r.baseline ? '' : fmt.ratio(r.p99Ratio),
    r.non2xx > 0 ? `${fmt.int(r.non2xx)} !` : '0',
    r.errors + r.timeouts > 0 ? `${fmt.int(r.errors + r.timeouts)} !` : '0',
    r.warm.firstMs == null ? '' : fmt.one(r.warm.firstMs),
  ])
  return table(columns, rows)
}

export function lighthouseTable(results) {
  const columns = [
    ['lighthouse (mobile)', 'left'],
    ['perf', 'right'],
    ['a11y', 'right'],
    ['best', 'right'],
    ['seo', 'right'],
    ['LCP ms', 'right'],
    ['TBT ms', 'right'],
    ['CLS', 'right'],
    ['JS kB', 'right'],
  ]
  const rows = results.map((r) =>
    r.status === 'error'
      ? [r.path, 'error', '', '', '', '', '', '', '']
      : [
          r.path,
          fmt.int(r.scores.performance),
          fmt.int(r.scores.accessibility),
          fmt.int(r.scores['best-practices']),
          fmt.int(r.scores.seo),
          fmt.int(r.lcpMs),
          fmt.int(r.tbtMs),
          typeof r.cls === 'number' ? r.cls.toFixed(3) : '–',
          typeof r.scriptTransferBytes === 'number' ? fmt.one(r.scriptTransferBytes / 1024) : '–',
        ],
  )
  return table(columns, rows)
}
