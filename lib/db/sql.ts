import 'server-only'
import type { SQL } from 'drizzle-orm'
import type { Db } from './open'

// Raw SQL results differ by driver (pg: rowCount, PGlite: affectedRows); this hides that.
type RawResult<T> = { rows: T[]; rowCount?: number | null; affectedRows?: number }

type Executor = Pick<Db, 'execute'>

export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as RawResult<T>
  return result.rows
}

/** Runs a statement and answers how many rows it changed. */
export async function execCount(db: Executor, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as RawResult<unknown>
  return result.rowCount ?? result.affectedRows ?? 0
}
