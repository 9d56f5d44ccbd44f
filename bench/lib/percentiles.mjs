// Latency figures of a list of milliseconds (nearest-rank percentiles), for run.mjs and queries.ts.
export function percentiles(ms) {
  const sorted = [...ms].sort((a, b) => a - b)
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0
  const r = (v) => Math.round(v * 10) / 10
  return { n: sorted.length, p50: r(at(0.5)), p99: r(at(0.99)), max: r(sorted.at(-1) ?? 0) }
}
