import { afterEach, describe, expect, it, vi } from 'vitest'
import { STOCK_LAG_MS } from '@/lib/cache/cache-settings.cjs'
import { showsWithinStockBound } from '@/e2e/support/stock-bound'

// The end-to-end suite's check that an order's stock change shows within the stock bound
// (e2e/support/stock-bound.ts): it must fail against a server that keeps the old stock, and let
// off a busy runner's slow loads.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

afterEach(() => {
  vi.useRealTimers()
})

describe('showsWithinStockBound', () => {
  it('fails when a load begun past the bound still shows the old stock', async () => {
    vi.useFakeTimers()
    const loads: number[] = []
    const start = Date.now()
    const outcome = showsWithinStockBound(async () => {
      loads.push(Date.now() - start)
      await sleep(50)
      throw new Error('still the old stock')
    }).then(
      () => 'passed',
      (error: Error) => error.message,
    )
    await vi.advanceTimersByTimeAsync(STOCK_LAG_MS + 2_000)
    expect(await outcome).toBe('still the old stock')
    // It tried again until a load began later than the bound and its margin, not sooner.
    expect(loads.at(-1)).toBeGreaterThan(STOCK_LAG_MS + 1_000)
    expect(loads.at(-2)).toBeLessThanOrEqual(STOCK_LAG_MS + 1_000)
  })

  it('lets off a slow load begun within the bound, and passes once a load shows the change', async () => {
    vi.useFakeTimers()
    let loads = 0
    // A busy runner: each load takes 5 s; the first, begun at once, still shows the old stock.
    const outcome = showsWithinStockBound(async () => {
      loads++
      await sleep(5_000)
      if (loads === 1) throw new Error('still the old stock')
    }).then(
      () => 'passed',
      (error: Error) => error.message,
    )
    await vi.advanceTimersByTimeAsync(15_000)
    expect(await outcome).toBe('passed')
    expect(loads).toBe(2)
  })
})
