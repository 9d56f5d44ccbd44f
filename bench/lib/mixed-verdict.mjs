// The mixed bench's verdicts over a series of rates (bench/mixed.mjs), as issue 17 states them:
// the highest order rate that passes with every lower rate passing too, and, above it up to
// twice that rate, the worst p99 and whether every error was a shed request (503 with
// Retry-After). A rate that passes above one that failed is a lucky round, not a capacity: it is
// named, not counted.

/**
 * @typedef {{ orderRate: number, ok: boolean, errors: number, shed?: number, worstP99: number }} Run
 */

/**
 * The highest rate such that it and every lower rate tried passed (0: the lowest failed), and
 * the rates that passed above the first failure.
 * @param {Run[]} runs
 * @returns {{ rate: number, passedAfterFailure: number[] }}
 */
export function highestPassing(runs) {
  const sorted = [...runs].sort((a, b) => a.orderRate - b.orderRate)
  const firstFailure = sorted.findIndex((r) => !r.ok)
  const below = firstFailure === -1 ? sorted : sorted.slice(0, firstFailure)
  const above = firstFailure === -1 ? [] : sorted.slice(firstFailure + 1)
  return {
    rate: below.at(-1)?.orderRate ?? 0,
    passedAfterFailure: above.filter((r) => r.ok).map((r) => r.orderRate),
  }
}

/**
 * The rates tried above `passing` up to twice it: their worst p99 and their errors that were not
 * shed requests. `met` holds when some rate was tried there, no p99 reached `limitMs` and every
 * error was a shed one.
 * @param {Run[]} runs
 * @param {number} passing
 * @param {number} limitMs
 */
export function aboveThePassingRate(runs, passing, limitMs) {
  const tried = runs
    .filter((r) => r.orderRate > passing && r.orderRate <= 2 * passing)
    .sort((a, b) => a.orderRate - b.orderRate)
  const worstP99 = Math.max(0, ...tried.map((r) => r.worstP99))
  const otherErrors = tried.reduce((sum, r) => sum + r.errors - (r.shed ?? 0), 0)
  return {
    rates: tried.map((r) => r.orderRate),
    worstP99,
    otherErrors,
    met: passing > 0 && tried.length > 0 && worstP99 < limitMs && otherErrors === 0,
  }
}

/**
 * The lines the bench prints under a series' table.
 * @param {Run[]} runs
 * @param {{ passLimitMs: number, overloadLimitMs: number }} limits
 */
export function verdictLines(runs, { passLimitMs, overloadLimitMs }) {
  const { rate, passedAfterFailure } = highestPassing(runs)
  const lines = [
    rate > 0
      ? `Highest order rate with every step's p99 under ${passLimitMs} ms and no error, every lower rate tried passing too: ${rate} orders/s`
      : `The lowest rate tried did not keep every p99 under ${passLimitMs} ms without errors.`,
  ]
  if (passedAfterFailure.length > 0) {
    lines.push(`Passed above a failed rate, not counted: ${passedAfterFailure.join(', ')} orders/s`)
  }
  if (rate > 0) {
    const above = aboveThePassingRate(runs, rate, overloadLimitMs)
    lines.push(
      above.rates.length === 0
        ? `Above ${rate} up to ${2 * rate} orders/s: no rate tried.`
        : `Above ${rate} up to ${2 * rate} orders/s (${above.rates.join(', ')}): worst p99 ${above.worstP99} ms, ${above.otherErrors} errors other than 503 with Retry-After: ${above.met ? 'within' : 'NOT within'} ${overloadLimitMs} ms and shedding only`,
    )
  }
  return lines
}
