import { describe, expect, it } from 'vitest'
import {
  aboveThePassingRate,
  highestPassing,
  verdictLines,
} from '../../bench/lib/mixed-verdict.mjs'

const run = (orderRate: number, ok: boolean, worstP99 = ok ? 300 : 900, errors = 0, shed = 0) => ({
  orderRate,
  ok,
  worstP99,
  errors,
  shed,
})

describe('the mixed bench verdict', () => {
  it('counts a rate only when every lower rate passed too', () => {
    const runs = [run(20, true), run(24, false), run(28, true), run(32, false)]
    expect(highestPassing(runs)).toEqual({ rate: 20, passedAfterFailure: [28] })
  })

  it('reads the rates in order whatever order they were given in', () => {
    expect(highestPassing([run(28, true), run(20, true), run(24, true)]).rate).toBe(28)
  })

  it('answers 0 when the lowest rate failed', () => {
    expect(highestPassing([run(20, false), run(24, true)])).toEqual({
      rate: 0,
      passedAfterFailure: [24],
    })
  })

  it('holds the overload bound only when every rate up to twice the passing one kept it', () => {
    const runs = [run(20, true), run(30, false, 1500, 40, 40), run(40, false, 1900, 90, 90)]
    expect(aboveThePassingRate(runs, 20, 2000)).toEqual({
      rates: [30, 40],
      worstP99: 1900,
      otherErrors: 0,
      met: true,
    })
    // Past twice the passing rate does not count.
    const beyond = [...runs, run(44, false, 9000, 500, 10)]
    expect(aboveThePassingRate(beyond, 20, 2000).met).toBe(true)
    // A p99 at the bound, or an error that was not a shed request, misses it.
    expect(aboveThePassingRate([run(20, true), run(30, false, 2000, 5, 5)], 20, 2000).met).toBe(
      false,
    )
    const other = aboveThePassingRate([run(20, true), run(30, false, 800, 6, 5)], 20, 2000)
    expect(other).toMatchObject({ otherErrors: 1, met: false })
  })

  it('does not call the bound held when no rate above was tried', () => {
    expect(aboveThePassingRate([run(20, true)], 20, 2000).met).toBe(false)
    expect(verdictLines([run(20, true)], { passLimitMs: 500, overloadLimitMs: 2000 })).toEqual([
      "Highest order rate with every step's p99 under 500 ms and no error, every lower rate tried passing too: 20 orders/s",
      'Above 20 up to 40 orders/s: no rate tried.',
    ])
  })

  it('names a pass above a failure and the overload verdict in its lines', () => {
    const lines = verdictLines([run(20, true), run(24, false, 2500, 3, 3), run(28, true)], {
      passLimitMs: 500,
      overloadLimitMs: 2000,
    })
    expect(lines).toEqual([
      "Highest order rate with every step's p99 under 500 ms and no error, every lower rate tried passing too: 20 orders/s",
      'Passed above a failed rate, not counted: 28 orders/s',
      'Above 20 up to 40 orders/s (24, 28): worst p99 2500 ms, 0 errors other than 503 with Retry-After: NOT within 2000 ms and shedding only',
    ])
  })
})
