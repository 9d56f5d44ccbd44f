// Plain aligned tables for stdout and the results' .txt files.

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
  const lines = [table(columns, rows)]
  const speeds = results.map((r) => r.benchmarkIndex).filter((n) => typeof n === 'number')
  if (speeds.length > 0) {
    lines.push(
      `  the host's speed by Lighthouse's benchmarkIndex (higher is faster): ${speeds.map((n) => Math.round(n)).join(', ')}`,
    )
  }
  const several = results.filter((r) => r.status !== 'error' && (r.runs ?? 1) > 1)
  if (several.length > 0) {
    lines.push(
      `  the median of ${several[0].runs} runs per page (Lighthouse's computeMedianRun); performance in each run: ` +
        several.map((r) => `${r.path} ${r.performanceRuns.join(' ')}`).join('; '),
    )
  }
  const observed = results.filter((r) => r.status !== 'error' && r.observedPaintRuns)
  if (observed.length > 0) {
    const run = (o) => (o ? `${o.firstPaintMs}${o.firstPaintMs > o.loadMs ? '*' : ''}` : '–')
    lines.push(
      `  first contentful paint as observed, unthrottled, in each run (ms; * after the load event, ` +
        `when Lighthouse counts the page's scripts before it): ` +
        observed.map((r) => `${r.path} ${r.observedPaintRuns.map(run).join(' ')}`).join('; '),
    )
  }
  return lines.join('\n')
}
