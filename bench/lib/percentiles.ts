// Latency figures of a list of milliseconds (nearest-rank percentiles).
export function percentiles(ms: number[]): { n: number; p50: number; p99: number; max: number } {
  const sorted = [...ms].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0
  const r = (v: number) => Math.round(v * 10) / 10
  return { n: sorted.length, p50: r(at(0.5)), p99: r(at(0.99)), max: r(sorted.at(-1) ?? 0) }
}
