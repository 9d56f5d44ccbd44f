import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type DbHandle } from './open'
import { PgliteThread } from './pglite-thread'
import { queryRows } from './sql'

// The embedded database in a worker thread (lib/db/pglite-thread.ts, what the production server
// opens) behaves as PGlite on this thread does: the same rows, transactions, errors and NOTIFY.
const workerScript = path.join(import.meta.dirname, 'pglite-worker.mjs')
const handles: DbHandle[] = []
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close().catch(() => {})
})

async function open(thread: boolean) {
  const handle = await openDatabase({
    engine: 'pglite',
    workerScript: thread ? workerScript : undefined,
  })
  handles.push(handle)
  await handle.db.execute(
    sql`create table t (id int primary key, name text, at timestamptz default now(), tags jsonb)`,
  )
  return handle
}

// Each test opens PGlite (a second or more on a busy machine; the first test opens two).
describe('the embedded database in a worker thread', { timeout: 30_000 }, () => {
  it('answers every query as PGlite on this thread does', async () => {
    const results = []
    for (const thread of [false, true]) {
      const { db, pgliteThread } = await open(thread)
      expect(Boolean(pgliteThread)).toBe(thread)
      await db.execute(
        sql`insert into t (id, name, at, tags) values (1, 'a', '2026-01-02T03:04:05Z', '["x"]'), (2, null, '2026-01-02T03:04:05Z', null)`,
      )
      results.push(await queryRows(db, sql`select id, name, at, tags from t order by id`))
    }
    expect(results[1]).toEqual(results[0])
    expect(results[1]).toEqual([
      { id: 1, name: 'a', at: expect.stringMatching(/^2026-01-02 03:04:05/), tags: ['x'] },
      { id: 2, name: null, at: expect.stringMatching(/^2026-01-02 03:04:05/), tags: null },
    ])
  })

  it('commits a transaction that ends well, rolls back one that throws, and a savepoint alone', async () => {
    const { db } = await open(true)
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id) values (1)`)
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into t (id) values (2)`)
          throw new Error('inner fails')
        })
        .catch(() => {})
    })
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (id) values (3)`)
        throw new Error('outer fails')
      }),
    ).rejects.toThrow('outer fails')
    expect(await queryRows(db, sql`select id from t order by id`)).toEqual([{ id: 1 }])
  })

  it("passes the database's errors on with their code", async () => {
    const { db } = await open(true)
    await db.execute(sql`insert into t (id) values (1)`)
    const error = await db.execute(sql`insert into t (id) values (1)`).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as { cause?: { code?: string; constraint?: string } }).cause).toMatchObject({
      code: '23505',
      constraint: 't_pkey',
    })
  })

  it('runs one transaction at a time: a statement from outside waits for the commit', async () => {
    const { db } = await open(true)
    const order: string[] = []
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const tx = db.transaction(async (t) => {
      await t.execute(sql`insert into t (id) values (1)`)
      order.push('inserted')
      await held
      order.push('committing')
    })
    while (order.length === 0) await new Promise((r) => setTimeout(r, 5))
    const outside = queryRows<{ n: number }>(db, sql`select count(*)::int as n from t`).then(
      (rows) => {
        order.push('read')
        return rows[0]?.n
      },
    )
    await new Promise((r) => setTimeout(r, 50))
    expect(order).toEqual(['inserted'])
    release()
    await tx
    expect(await outside).toBe(1)
    expect(order).toEqual(['inserted', 'committing', 'read'])
  })

  it('runs a transaction begun while another holds the database after it, whole, and one with no statement', async () => {
    const { db } = await open(true)
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    let inserted = false
    const first = db.transaction(async (t) => {
      await t.execute(sql`insert into t (id, name) values (1, 'first')`)
      inserted = true
      await held
    })
    while (!inserted) await new Promise((r) => setTimeout(r, 5))
    // Its begin and its first statement are sent at once; both wait for the first to commit.
    const second = db.transaction(async (t) => {
      const seen = await queryRows<{ n: number }>(t, sql`select count(*)::int as n from t`)
      await t.execute(sql`insert into t (id, name) values (2, 'second')`)
      return seen[0]?.n
    })
    const third = db.transaction(async (t) => {
      await t.execute(sql`insert into t (id, name) values (1, 'clash')`)
    })
    await new Promise((r) => setTimeout(r, 50))
    release()
    await first
    expect(await second).toBe(1)
    // The third's statement failed on the first's row, committed before it ran.
    await expect(third).rejects.toMatchObject({ cause: { code: '23505' } })
    expect(await db.transaction(async () => 'nothing sent')).toBe('nothing sent')
    expect(await queryRows(db, sql`select id, name from t order by id`)).toEqual([
      { id: 1, name: 'first' },
      { id: 2, name: 'second' },
    ])
  })

  it('delivers NOTIFY to its listeners until they stop, and counts statements', async () => {
    const handle = await open(true)
    const heard: string[] = []
    const stop = await handle.pgliteThread!.listen('shop_test', (payload) => heard.push(payload))
    const before = handle.statements()
    await handle.db.execute(sql`select pg_notify('shop_test', 'one')`)
    await expect.poll(() => heard).toEqual(['one'])
    await stop()
    await handle.db.execute(sql`select pg_notify('shop_test', 'two')`)
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
    })
    await new Promise((r) => setTimeout(r, 50))
    expect(heard).toEqual(['one'])
    // Two statements, then BEGIN, one, COMMIT.
    expect(handle.statements() - before).toBe(5)
  })

  it('refuses statements clearly once closed', async () => {
    const handle = await open(true)
    await handle.close()
    await expect(handle.db.execute(sql`select 1`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/embedded database's thread ended/) },
    })
  })

  it('says once when its thread dies on its own, and not when it is closed', async () => {
    // A stand-in for a thread that fails (PGlite aborting): ready, then gone at the first call.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-thread-'))
    const dying = path.join(dir, 'dying-worker.mjs')
    fs.writeFileSync(
      dying,
      "import { parentPort } from 'node:worker_threads'\n" +
        'parentPort.postMessage({ ready: true })\n' +
        "parentPort.on('message', () => process.exit(3))\n",
    )
    try {
      const thread = await PgliteThread.open(dying, undefined)
      const lost: Error[] = []
      thread.onLost((error) => lost.push(error))
      await expect(thread.query('select 1')).rejects.toThrow(/thread ended \(exit code 3\)/)
      await expect(thread.query('select 1')).rejects.toThrow(/thread ended/)
      expect(lost.map((e) => e.message)).toEqual([
        "The embedded database's thread ended (exit code 3).",
      ])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }

    // One that ends before it is ready fails the opening instead of leaving it waiting.
    const silent = path.join(os.tmpdir(), `shop-thread-silent-${process.pid}.mjs`)
    fs.writeFileSync(silent, 'process.exit(4)\n')
    try {
      await expect(PgliteThread.open(silent, undefined)).rejects.toThrow(
        /ended while opening \(exit code 4\)/,
      )
    } finally {
      fs.rmSync(silent, { force: true })
    }

    const handle = await open(true)
    const lost: Error[] = []
    handle.pgliteThread!.onLost((error) => lost.push(error))
    await handle.close()
    expect(lost).toEqual([])
  })
})
