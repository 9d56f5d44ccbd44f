// Sheds the uncached work a process cannot keep up with, instead of queuing it without end.
//
// Every request the server hands to Next (renders, API calls, logins, orders: whatever the front
// cache and the static files did not answer) needs a turn. At most `maxActive` have one at a
// time; up to `maxQueued` more wait, each for at most `maxWaitMs`. A request that finds the queue
// full, or whose wait runs out, is answered 503 with Retry-After at once: the client learns in
// milliseconds that the shop is busy, rather than after seconds, and the requests already
// admitted keep their speed. Cached pages never reach this point, so they are always served.
// A turn ends when its response is finished or its connection is gone, or after 30 s whatever
// happens (a hung request must not shrink the process's capacity for good); a waiting request
// whose client went away leaves the queue.

/** How long a request keeps its turn at most, answered or not. */
const MAX_TURN_MS = 30_000

/**
 * @param {{ maxActive: number, maxQueued: number, maxWaitMs: number, maxTurnMs?: number }} limits
 */
export function createAdmission({ maxActive, maxQueued, maxWaitMs, maxTurnMs = MAX_TURN_MS }) {
  let active = 0
  let shed = 0
  /** @type {Set<{ run: () => void, res: import('node:http').ServerResponse, timer: NodeJS.Timeout }>} */
  const queue = new Set()

  function start(run, res) {
    active++
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      clearTimeout(timer)
      active--
      next()
    }
    // A request that hangs must not keep its turn for ever: past this it no longer counts.
    const timer = setTimeout(end, maxTurnMs)
    timer.unref()
    res.once('close', end)
    run()
  }

  function next() {
    for (const waiter of queue) {
      if (active >= maxActive) return
      queue.delete(waiter)
      clearTimeout(waiter.timer)
      start(waiter.run, waiter.res)
    }
  }

  /**
   * Runs `run` now or when a turn frees up; calls `refuse` instead when the queue is full or the
   * wait runs out.
   * @param {import('node:http').ServerResponse} res
   * @param {() => void} run
   * @param {() => void} refuse
   */
  function admit(res, run, refuse) {
    if (active < maxActive && queue.size === 0) return start(run, res)
    if (queue.size >= maxQueued) {
      shed++
      return refuse()
    }
    const waiter = {
      run,
      res,
      timer: setTimeout(() => {
        queue.delete(waiter)
        shed++
        refuse()
      }, maxWaitMs),
    }
    queue.add(waiter)
    res.once('close', () => {
      if (queue.delete(waiter)) clearTimeout(waiter.timer)
    })
  }

  return { admit, stats: () => ({ active, queued: queue.size, shed }) }
}

/** Seconds a shed client is told to wait (Retry-After). */
export const RETRY_AFTER_SECONDS = 2
