// One URL under load with autocannon, reduced to the figures the report compares.
import autocannon from 'autocannon'

export async function measure(url, { connections, duration, headers = {} }) {
  const result = await autocannon({ url, connections, duration, headers })
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  )
  return {
    requests: result.requests.total,
    rps: round(result.requests.average, 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    throughputBytesPerSec: Math.round(result.throughput.average),
  }
}

export const round = (n, digits = 2) => {
  const f = 10 ** digits
  return Math.round(n * f) / f
}
