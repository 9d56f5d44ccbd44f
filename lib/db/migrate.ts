import 'server-only'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from './open'
import { queryRows } from './sql'

// The app's own migrator: applies drizzle/NNNN_*.sql in journal order, once each, in one
// transaction under an advisory lock so that several app processes can start together.

const MIGRATIONS_DIR = path.join(process.cwd(), 'drizzle')
const LOCK_ID = 4_247_301 // any constant shared by every process of this app

type JournalEntry = { idx: number; tag: string }

export type Migration = { tag: string; hash: string; statements: string[] }

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[]
  }
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => {
      const text = fs.readFileSync(path.join(dir, `${tag}.sql`), 'utf8')
      return {
        tag,
        hash: createHash('sha256').update(text).digest('hex'),
        statements: text
          .split('--> statement-breakpoint')
          .map((s) => s.trim())
          .filter((s) => s.replace(/--.*$/gm, '').trim().length > 0),
      }
    })
}

/** Applies pending migrations; returns the tags applied now (empty when up to date). */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ID})`)
    await tx.execute(sql`create table if not exists _migrations (
      tag text primary key,
      hash text not null,
      applied_at timestamptz not null default now()
    )`)
    const done = await queryRows<{ tag: string; hash: string }>(
      tx,
      sql`select tag, hash from _migrations`,
    )
    const applied = new Map(done.map((r) => [r.tag, r.hash]))
    const now: string[] = []
    for (const m of migrations) {
      const previous = applied.get(m.tag)
      if (previous !== undefined) {
        if (previous !== m.hash) {
          throw new Error(
            `Migration ${m.tag} was changed after it was applied; add a new migration instead.`,
          )
        }
        continue
      }
      for (const statement of m.statements) await tx.execute(sql.raw(statement))
      await tx.execute(sql`insert into _migrations (tag, hash) values (${m.tag}, ${m.hash})`)
      now.push(m.tag)
    }
    return now
  })
}
