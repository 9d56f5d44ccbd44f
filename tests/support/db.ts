import fs from 'node:fs'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll } from 'vitest'
import { closeDatabase, setDatabase } from '@/lib/db/client'
import { createPgPool, openDatabase, type Db, type DbHandle } from '@/lib/db/open'
import { TEMPLATE_DUMP, templateName, testEngine, testServerUrl, urlForDatabase } from './engines'

/**
 * A fresh, migrated database of the project's engine, used by every service in this file. On
 * PostgreSQL, `options` are the pool's (20 connections and prepared statements by default).
 */
export async function createTestDatabase(
  options: { poolSize?: number; preparedStatements?: boolean } = {},
): Promise<DbHandle> {
  if (testEngine() === 'pglite') {
    const dump = new Blob([fs.readFileSync(TEMPLATE_DUMP)])
    return openDatabase({ engine: 'pglite', loadDataDir: dump })
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`
  const admin = createPgPool(testServerUrl(), 1)
  try {
    await admin.query(`create database "${name}" template "${templateName()}"`)
  } finally {
    await admin.end()
  }
  const handle = await openDatabase({
    engine: 'postgres',
    url: urlForDatabase(name),
    poolSize: options.poolSize ?? 20,
    preparedStatements: options.preparedStatements,
  })
  return {
    ...handle,
    close: async () => {
      await handle.close()
      const cleanup = createPgPool(testServerUrl(), 1)
      try {
        // pool.end() resolves before its connections have closed; a forced drop would kill the
        // stragglers, and their clients report that as an uncaught error that fails the run.
        for (let wait = 0; wait < 100; wait++) {
          const { rows } = await cleanup.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          )
          if (rows[0]?.n === 0) break
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        await cleanup.query(`drop database if exists "${name}" with (force)`)
      } finally {
        await cleanup.end()
      }
    },
  }
}

/** Installs a fresh database for the test file; returns a getter for it. */
export function installTestDatabase(): () => Db {
  let handle: DbHandle | undefined
  beforeAll(async () => {
    handle = await createTestDatabase()
    setDatabase(handle)
  })
  afterAll(async () => {
    await closeDatabase()
  })
  return () => {
    if (!handle) throw new Error('The test database is not ready yet')
    return handle.db
  }
}
