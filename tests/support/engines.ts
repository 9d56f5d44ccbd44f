import fs from 'node:fs'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { readMigrations } from '@/lib/db/migrate'

// Shared by the global setup (which makes the templates) and the per-file helper (which copies them).

export const TEMPLATE_DUMP = path.join(import.meta.dirname, '../../.tmp/pglite-template.tar.gz')

export type TestEngine = 'pglite' | 'postgres'

export function testEngine(): TestEngine {
  return process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite'
}

export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is not set')
  return url
}

/** A database URL on the same server as TEST_DATABASE_URL, with another database name. */
export function urlForDatabase(name: string): string {
  const url = new URL(testServerUrl())
  url.pathname = `/${name}`
  return url.toString()
}

/** The template's name changes with the migrations, so a stale template is never used. */
export function templateName(): string {
  const hash = createHash('sha256')
  for (const m of readMigrations()) hash.update(m.hash)
  return `shop_test_tpl_${hash.digest('hex').slice(0, 12)}`
}

export function ensureTmpDir() {
  fs.mkdirSync(path.dirname(TEMPLATE_DUMP), { recursive: true })
}
