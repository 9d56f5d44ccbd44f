import 'server-only'
import type { DbHandle } from './open'
import type { PgliteTarget } from './pglite-thread'

// The embedded engine's stand-in for PostgreSQL's autovacuum (decision 0001). PGlite runs
// PostgreSQL in single-user mode, without its background workers, so nothing ever vacuumed or
// analyzed the shop's tables:
// - A catalog never analyzed has no size in pg_class (0 pages, -1 rows), and the planner then
//   measures each table and index again for every statement it plans. Measured on the demo
//   catalog in PGlite: the list's newest-first page took 1.2 ms a query before the first
//   VACUUM (ANALYZE), 0.3 ms after; its first plan took 17 ms instead of 0.3.
// - Every order's stock update, cart change, session and mail leaves dead rows that only VACUUM
//   takes back: after 4,300 orders the products table (147 rows) and its indexes had grown from
//   0.5 to 3.8 MB.
// So the server (lib/db/startup.ts) analyzes and vacuums every table once at start, and vacuums
// them again every INTERVAL_MS once MIN_STATEMENTS statements have been sent since the last pass.
// One table per statement: PGlite runs one statement at a time, and the requests' statements go
// between them (the longest table took 100 ms on a first pass after those orders; a pass
// after that took 12 ms for all of them). A later pass does not analyze: VACUUM keeps each table's
// size in pg_class up to date, which is what the shop's plans depend on; a restart analyzes again.
// PostgreSQL has its own autovacuum: nothing here runs there.

/** How often the vacuum pass may run. */
export const INTERVAL_MS = 60_000
/** Statements sent since the last pass for the next one to be worth it. */
export const MIN_STATEMENTS = 1_000

/** The embedded engine itself, in this thread or its own. */
function engineOf(handle: DbHandle): PgliteTarget {
  const engine = handle.pgliteThread ?? handle.pglite
  if (!engine) throw new Error('Vacuum passes are for the embedded database')
  return engine
}

/**
 * Runs VACUUM (with ANALYZE when asked) on each of the shop's tables, one statement each;
 * `stopped` is asked between tables. Resolves with how many tables it did.
 */
export async function vacuumTables(
  handle: DbHandle,
  { analyze, stopped = () => false }: { analyze: boolean; stopped?: () => boolean },
): Promise<number> {
  const engine = engineOf(handle)
  const { rows } = await engine.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by 1`,
  )
  let done = 0
  for (const { name } of rows) {
    if (stopped()) break
    // exec, not query: VACUUM cannot run inside the extended protocol's implicit transaction.
    await engine.exec(`vacuum${analyze ? ' (analyze)' : ''} ${name}`)
    done++
  }
  return done
}

export type Upkeep = { stop: () => Promise<void> }

/**
 * Vacuums the embedded database's tables every `intervalMs` once `minStatements` statements
 * have been sent since the last pass; `stop` waits for a pass under way to finish its table.
 */
export function startUpkeep(
  handle: DbHandle,
  {
    intervalMs = INTERVAL_MS,
    minStatements = MIN_STATEMENTS,
    onPass,
    onError,
  }: {
    intervalMs?: number
    minStatements?: number
    onPass?: (pass: { tables: number; ms: number }) => void
    onError?: (error: unknown) => void
  } = {},
): Upkeep {
  let stopped = false
  let running: Promise<void> | undefined
  let lastCount = handle.statements()
  const pass = async () => {
    const started = Date.now()
    const tables = await vacuumTables(handle, { analyze: false, stopped: () => stopped })
    lastCount = handle.statements()
    onPass?.({ tables, ms: Date.now() - started })
  }
  const timer = setInterval(() => {
    if (stopped || running || handle.statements() - lastCount < minStatements) return
    running = pass()
      .catch((error: unknown) => onError?.(error))
      .finally(() => {
        running = undefined
      })
  }, intervalMs)
  timer.unref()
  return {
    stop: async () => {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
