import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as healthRoute from '@/app/api/health/route'
import * as readyRoute from '@/app/api/ready/route'
import { getDatabase, getDb, setDatabase } from '@/lib/db/client'
import { readMigrations } from '@/lib/db/migrate'
import type { DbHandle } from '@/lib/db/open'
import { queryRows } from '@/lib/db/sql'
import { migrationGap } from '@/lib/ops/readiness'
import { installTestDatabase } from '../support/db'

installTestDatabase()

const call = (route: typeof healthRoute, method: 'GET' | 'HEAD' | 'POST' | 'OPTIONS') =>
  route[method](new Request('http://localhost:3000/api/health', { method }), undefined)
const health = () => call(healthRoute, 'GET')
const healthHead = () => call(healthRoute, 'HEAD')
const ready = () => call(readyRoute, 'GET')
const readyHead = () => call(readyRoute, 'HEAD')

describe('GET /api/health', () => {
  it('answers 200 ok, never cached', async () => {
    const res = await health()
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ status: 'ok' })
    const head = await healthHead()
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })
})

describe('the probes and other methods', () => {
  it('answer a JSON 405 with Allow to any method but GET and HEAD, and say so to OPTIONS', async () => {
    for (const route of [healthRoute, readyRoute]) {
      const res = await call(route, 'POST')
      expect(res.status).toBe(405)
      expect(res.headers.get('allow')).toBe('GET, HEAD')
      expect(await res.json()).toEqual({
        success: false,
        message: 'POST is not allowed here; use GET, HEAD',
      })
      const options = await call(route, 'OPTIONS')
      expect(options.status).toBe(204)
      expect(options.headers.get('allow')).toBe('GET, HEAD')
    }
  })
})

describe('GET /api/ready', () => {
  it('answers 200 ready when the database answers and holds every migration', async () => {
    const res = await ready()
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ status: 'ready' })
    expect((await readyHead()).status).toBe(200)
  })

  it('answers 503 with the reason when a migration is missing or was changed', async () => {
    const db = await getDb()
    const last = readMigrations().at(-1)!
    const [row] = await queryRows<{ hash: string }>(
      db,
      sql`delete from _migrations where tag = ${last.tag} returning hash`,
    )
    try {
      const res = await ready()
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({
        status: 'not ready',
        reason: expect.stringContaining(last.tag),
      })
      expect((await readyHead()).status).toBe(503)
      await db.execute(sql`insert into _migrations (tag, hash) values (${last.tag}, 'changed')`)
      expect(await (await ready()).json()).toMatchObject({
        reason: expect.stringMatching(/differs/),
      })
    } finally {
      await db.execute(sql`delete from _migrations where tag = ${last.tag}`)
      await db.execute(sql`insert into _migrations (tag, hash) values (${last.tag}, ${row!.hash})`)
    }
    expect((await ready()).status).toBe(200)
  })

  it('answers 503 when the database does not answer', async () => {
    const real = await getDatabase()
    const failing = new Proxy(real.db, {
      get: (target, key) =>
        key === 'execute'
          ? () => Promise.reject(new Error('connection refused'))
          : Reflect.get(target, key),
    })
    setDatabase({ ...real, db: failing } as DbHandle)
    try {
      const res = await ready()
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({ status: 'not ready', reason: 'database unavailable' })
    } finally {
      setDatabase(real)
    }
  })

  it('answers 503 once the server is shutting down (SIGTERM), so the balancer looks elsewhere', async () => {
    const flags = globalThis as { __shopShuttingDown?: boolean }
    flags.__shopShuttingDown = true
    try {
      const res = await ready()
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({ status: 'not ready', reason: 'shutting down' })
    } finally {
      delete flags.__shopShuttingDown
    }
    expect((await ready()).status).toBe(200)
  })
})

describe('the migration comparison', () => {
  const wanted = [
    { tag: '0000_a', hash: 'h0' },
    { tag: '0001_b', hash: 'h1' },
  ]
  it('accepts every migration applied, and more (a newer version migrated the database)', () => {
    const applied = new Map([
      ['0000_a', 'h0'],
      ['0001_b', 'h1'],
    ])
    expect(migrationGap(applied, wanted)).toBeUndefined()
    expect(migrationGap(new Map([...applied, ['0002_c', 'h2']]), wanted)).toBeUndefined()
  })
  it('names what is missing or changed', () => {
    expect(migrationGap(new Map([['0000_a', 'h0']]), wanted)).toBe(
      '1 of 2 migrations not applied (first: 0001_b)',
    )
    expect(migrationGap(new Map(), wanted)).toMatch(/^2 of 2/)
    expect(
      migrationGap(
        new Map([
          ['0000_a', 'h0'],
          ['0001_b', 'x'],
        ]),
        wanted,
      ),
    ).toBe('migration 0001_b differs from the one applied')
  })
})
