import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import type { Db } from './open'
import { keptStatement, keptStatements } from './sql'

// The builders of these statements need no database: what they are given is passed through.
const db = {} as Db

describe('kept statements', () => {
  it('make their text once, with the placeholders in the order they appear', () => {
    const build = vi.fn(() => sql`select ${sql.placeholder('a')}::int + ${sql.placeholder('b')}`)
    const statement = keptStatement(build)
    const first = statement(db)
    expect(first.sql).toBe('select $1::int + $2')
    expect(first.params.map((p) => (p as { name: string }).name)).toEqual(['a', 'b'])
    expect(statement(db)).toBe(first)
    expect(build).toHaveBeenCalledTimes(1)
  })

  it('refuse a value written into the text: every later call would send it', () => {
    const userId = 'the first caller'
    const statement = keptStatement(
      () => sql`select * from users where id = ${userId} and role = ${sql.placeholder('role')}`,
    )
    expect(() => statement(db)).toThrow(/value \$1 is not a placeholder/)
  })

  it('keep one text per shape, and no more shapes than their bound', () => {
    const build = vi.fn(
      (_db: Db, lines: number) =>
        sql`values ${sql.join(
          Array.from({ length: lines }, (_, i) => sql`(${sql.placeholder(`line${i}`)})`),
          sql`, `,
        )}`,
    )
    const statement = keptStatements(build, (lines: number) => String(lines), 2)
    expect(statement(db, 1).sql).toBe('values ($1)')
    expect(statement(db, 3).sql).toBe('values ($1), ($2), ($3)')
    expect(statement(db, 1)).toBe(statement(db, 1))
    expect(build).toHaveBeenCalledTimes(2)
    // A third shape is past the bound: made on every call, still right.
    expect(statement(db, 2).sql).toBe('values ($1), ($2)')
    expect(statement(db, 2).sql).toBe('values ($1), ($2)')
    expect(build).toHaveBeenCalledTimes(4)
  })
})
