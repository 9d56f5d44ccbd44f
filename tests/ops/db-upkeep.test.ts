import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDatabase } from '@/lib/db/client'
import { products } from '@/lib/db/schema'
import { queryRows } from '@/lib/db/sql'
import { startUpkeep, vacuumTables } from '@/lib/db/upkeep'
import { installTestDatabase } from '../support/db'
import { testEngine } from '../support/engines'
import { createProduct } from '../factories'

// The embedded database's stand-in for autovacuum (lib/db/upkeep.ts): PGlite has no background
// workers, so without it no table of the shop is ever vacuumed or analyzed.

const db = installTestDatabase()

async function productsTable() {
  const [row] = await queryRows<{ reltuples: number; analyzed: boolean; vacuumed: boolean }>(
    db(),
    sql`select c.reltuples::float8 as reltuples,
          s.last_analyze is not null as analyzed, s.last_vacuum is not null as vacuumed
        from pg_class c join pg_stat_user_tables s on s.relid = c.oid
        where c.relname = 'products'`,
  )
  return row!
}

const waitFor = async (check: () => boolean, ms = 3_000) => {
  const deadline = Date.now() + ms
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
  return check()
}

describe.skipIf(testEngine() !== 'pglite')('the embedded database upkeep', () => {
  it('vacuums and analyzes every table, which gives the planner their sizes', async () => {
    const handle = await getDatabase()
    for (let i = 0; i < 12; i++) {
      const p = await createProduct({ name: `Upkeep lamp ${i}`, stock: 10 })
      // An order's stock update, several times over: dead rows for VACUUM.
      for (let n = 9; n >= 7; n--)
        await db().update(products).set({ stock: n }).where(eq(products.id, p.id))
    }
    expect(await productsTable()).toMatchObject({ reltuples: -1, analyzed: false, vacuumed: false })
    const tables = await vacuumTables(handle, { analyze: true })
    const [{ n }] = (await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
    )) as [{ n: number }]
    expect(tables).toBe(n)
    const [live] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from products`,
    )
    expect(await productsTable()).toEqual({ reltuples: live!.n, analyzed: true, vacuumed: true })
  })

  it('vacuums again once enough statements were sent, and stops when told', async () => {
    const handle = await getDatabase()
    const passes: { tables: number }[] = []
    const upkeep = startUpkeep(handle, {
      intervalMs: 20,
      minStatements: 10,
      onPass: (pass) => passes.push(pass),
      onError: (error) => {
        throw error
      },
    })
    try {
      await new Promise((r) => setTimeout(r, 120))
      expect(passes).toEqual([]) // nothing sent: nothing to take back
      for (let i = 0; i < 10; i++) await db().execute(sql`select 1`)
      expect(await waitFor(() => passes.length > 0)).toBe(true)
      expect(passes[0]!.tables).toBeGreaterThan(10)
    } finally {
      await upkeep.stop()
    }
    const after = passes.length
    for (let i = 0; i < 20; i++) await db().execute(sql`select 1`)
    await new Promise((r) => setTimeout(r, 120))
    expect(passes.length).toBe(after)
  })
})
