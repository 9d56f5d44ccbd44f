// One URL under load with autocannon, reduced to the figures the report compares.
import autocannon from 'autocannon'

/** A few sequential requests, so caches are filled before measuring; answers the last one. */
export async function warm(url, times = 5) {
  let last = { status: 0, bytes: 0, contentType: '' }
  let firstMs = null
  for (let i = 0; i < times; i++) {
    try {
      const started = performance.now()
      const response = await fetch(url, { signal: AbortSignal.timeout(60_000) })
      const body = Buffer.from(await response.arrayBuffer())
      // The first answer of a fresh server is the uncached one: what a cache miss costs.
      firstMs ??= round(performance.now() - started, 1)
      last = {
        status: response.status,
        bytes: body.length,
        contentType: response.headers.get('content-type') ?? '',
        firstMs,
      }
    } catch (error) {
      last = { status: 0, bytes: 0, contentType: '', error: String(error?.message ?? error) }
    }
  }
  return last
}

export async function measure(url, { connections, duration }) {
  const result = await autocannon({ url, connections, duration })
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
