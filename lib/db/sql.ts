import 'server-only'
import { is, Param, Placeholder, type Query, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
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

// Statements whose text is made once. Drizzle turns a statement into its text on every call
// (`sqlToQuery`, with every query builder in it built again): for the big statements of the
// order path that was about 4 % of the server's main thread per checkout. A statement that runs
// on every sign-in or order is written once with `sql.placeholder('name')` for each of its
// values; its text is kept and each call sends it with the values of that call.

const dialect = new PgDialect()

/** A database or a transaction: what a kept statement runs on. */
type Runner = Pick<Db, '_'>

/**
 * The text of `build`'s statement, made on first use and kept. `build` gets the database of
 * that first call, to write query builders with (their text does not depend on it). Every value
 * must be a placeholder: a value written into the statement would be sent by every later call
 * too, so one makes this throw.
 */
export function keptStatement(build: (db: Db) => SQL): (db: Db) => Query {
  let query: Query | undefined
  return (db) => (query ??= compile(build(db)))
}

/**
 * Kept statements of one kind whose text depends on a shape (how many lines an order has, say):
 * one text per shape, `build` given the shape, at most `max` shapes (past that, made every call).
 */
export function keptStatements<Shape>(
  build: (db: Db, shape: Shape) => SQL,
  keyOf: (shape: Shape) => string,
  max = 64,
): (db: Db, shape: Shape) => Query {
  const made = new Map<string, Query>()
  return (db, shape) => {
    const key = keyOf(shape)
    let query = made.get(key)
    if (query === undefined) {
      query = compile(build(db, shape))
      if (made.size < max) made.set(key, query)
    }
    return query
  }
}

function compile(statement: SQL): Query {
  const query = dialect.sqlToQuery(statement)
  // A builder's column value comes as a Param holding the placeholder (its column's encoding is
  // applied to the value of each call); one in sql`` as the placeholder itself.
  const written = query.params.findIndex(
    (param) => !is(param, Placeholder) && !(is(param, Param) && is(param.value, Placeholder)),
  )
  if (written !== -1) {
    throw new Error(`A kept statement's value $${written + 1} is not a placeholder: ${query.sql}`)
  }
  return query
}

/** Runs a kept statement with the values of its placeholders; answers its rows. */
export async function queryKept<T>(
  db: Runner,
  query: Query,
  values: Record<string, unknown>,
): Promise<T[]> {
  const prepared = db._.session.prepareQuery(query, undefined, undefined, false)
  const result = (await prepared.execute(values)) as unknown as RawResult<T>
  return result.rows
}
