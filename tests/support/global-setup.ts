import fs from 'node:fs'
import { migrate } from '@/lib/db/migrate'
import { createPgPool, openDatabase } from '@/lib/db/open'
import type { TestProject } from 'vitest/node'
import { ensureTmpDir, TEMPLATE_DUMP, templateName, testServerUrl } from './engines'

// Runs once per project: a migrated template that every test file copies in milliseconds.
export default async function setup(project: TestProject) {
  // Global setup runs outside the project's `env`, so the engine comes from the project name.
  if (project.name === 'pglite') {
    const handle = await openDatabase({ engine: 'pglite' })
    await migrate(handle.db)
    const dump = await handle.pglite!.dumpDataDir('gzip')
    ensureTmpDir()
    fs.writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()))
    await handle.close()
    return
  }

  const name = templateName()
  const admin = createPgPool(testServerUrl(), 1)
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (exists.rowCount === 0) {
      await admin.query(`create database "${name}"`)
      const url = new URL(testServerUrl())
      url.pathname = `/${name}`
      const handle = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 1 })
      await migrate(handle.db)
      await handle.close()
      await admin.query(`alter database "${name}" is_template true`)
    }
  } finally {
    await admin.end()
  }
}
