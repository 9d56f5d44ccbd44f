import 'server-only'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from './open'

// Prepared statements on PostgreSQL (decision 0021). A statement sent without a name is parsed
// and planned anew on every call; one sent with a name is parsed once per connection, and after
// five calls PostgreSQL keeps a generic plan for it (when no costlier than the plans made for the
// values), so later calls skip planning too. That cuts about a third of the database's own work
// for a checkout (the statements that run on every signed-in request and every checkout: the
// session's lookup, the sign-in, the cart add, the order's writes).
//
// Only statements marked here are named (lib/db/open.ts gives each marked text a name), never
// all of them: a generic plan suits a statement whose plan is the same for any values (keys,
// ids), not a search or a filtered list, whose best plan depends on the words and the filters.
// Mark a raw statement with `prepared(sql`...`)`, and a query builder's with
// `.prepare(PREPARED).execute()`. The embedded engine ignores the mark.

/** The name a query builder's `.prepare()` takes to be marked as prepared. */
export const PREPARED = 'shop:prepared'

/** Distinct marked texts a process names at most (each is kept by every pool connection). */
export const MAX_PREPARED = 200

const MARK = '/*prepared*/'

/** Whether a statement's text carries the mark of `prepared`. */
export const isMarked = (text: unknown): boolean =>
  typeof text === 'string' && text.startsWith(MARK)

/** A raw statement marked as prepared (see above): keys and ids only, no search or filters. */
export function prepared(query: SQL): SQL {
  return sql`${sql.raw(MARK)} ${query}`
}

/**
 * A query builder's prepared query made once per database and kept, for a statement that runs on
 * every request: `build` writes it with `sql.placeholder('name')` for its values, and each call
 * sends `.execute({ name: value })`. Drizzle turns a builder into SQL text on every call
 * otherwise (`sqlToQuery`, about 3 % of the main thread of a checkout for the session's lookup
 * alone); a kept one has its text already. Not for a transaction's statements: a prepared query
 * is bound to the connections of the database it was made on.
 */
export function preparedOnce<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const made = new WeakMap<Db, Query>()
  return (db) => {
    let query = made.get(db)
    if (query === undefined) {
      query = build(db)
      made.set(db, query)
    }
    return query
  }
}
