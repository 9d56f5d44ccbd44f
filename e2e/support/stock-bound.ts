import { STOCK_LAG_MS } from '../../lib/cache/cache-settings.cjs'

/** How much later than the bound a load may begin and still be let off: the time a request takes to reach the server. */
const MARGIN_MS = 1_000

/**
 * What an order changes shows within the stock bound (STOCK_LAG_MS, decision 0003) on a fresh
 * load: until half of it has passed, the copy from before the order may be answered. `check` (a
 * load and what it must show) is tried again every 200 ms; a load that began more than the bound
 * (and a margin) after the change and still shows the old state fails the test. A load that began
 * within the bound may take as long as the machine makes it (a busy runner takes seconds for a
 * page): the bound is the server's, not the test machine's.
 */
export async function showsWithinStockBound(check: () => Promise<void>) {
  const changedAt = Date.now()
  for (;;) {
    const startedAt = Date.now()
    try {
      await check()
      return
    } catch (error) {
      if (startedAt - changedAt > STOCK_LAG_MS + MARGIN_MS) throw error
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
