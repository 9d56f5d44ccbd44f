// `npm run products:import -- FILE.csv [--dry-run]`: the admin screen's product import from a
// terminal (lib/products/import-products.ts, the same checks and the same one transaction), on
// the database the settings of `npm start` name (DATABASE_URL, else the embedded one in
// DATA_DIR, which must not be in use by a running shop). Shows the rows read as it goes, then
// what was (or would be) created and updated and every refused row. Exit code 0 when the file
// was imported (or, with --dry-run, would be), 1 otherwise.
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { IMPORT_FILE_BYTES } from '@/lib/api/body-limits.cjs'
import { announceCatalogChange } from '@/lib/cache/catalog-cache'
import { setDatabase } from '@/lib/db/client'
import { migrate } from '@/lib/db/migrate'
import { env } from '@/lib/env'
import { checkProductsCsv, finishImport } from '@/lib/products/import-products'
import { assertShopStopped, describeDatabase, loadSettings, openShopDatabase } from './shop-command'

const USAGE = `Usage:
  npm run products:import -- FILE.csv [--dry-run] [--env-file FILE]

FILE.csv has the columns of the admin's Export CSV: a row with an id changes that product, a
row without one adds a product; images are URLs of this shop's /media pictures, or empty.
Every row is checked first; nothing is written when one is refused, or with --dry-run.
Settings as for npm start (environment, .env files); --env-file FILE adds a file such as
/etc/byteshop.env. On the embedded database, stop the shop first.`

class UsageError extends Error {}

const count = (n: number) => n.toLocaleString('en-US')

function parseCommand(args: string[]) {
  let parsed
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { 'dry-run': { type: 'boolean' }, 'env-file': { type: 'string' } },
    })
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  const [file, ...extra] = parsed.positionals
  if (!file) throw new UsageError('Which file?')
  if (extra.length > 0) throw new UsageError(`Unexpected: ${extra.join(' ')}`)
  return { file, dryRun: parsed.values['dry-run'] === true, envFile: parsed.values['env-file'] }
}

/** The rows read so far: one line rewritten on a terminal, a line every 1,000 rows otherwise. */
function progress() {
  const tty = process.stderr.isTTY
  let printed = -1
  const print = (rows: number) => {
    printed = rows
    process.stderr.write(tty ? `\rRows read: ${count(rows)}` : `Rows read: ${count(rows)}\n`)
  }
  return {
    update(rows: number) {
      if (tty || rows - printed >= 1000) print(rows)
    },
    end(rows: number) {
      if (rows !== printed) print(rows)
      if (tty) process.stderr.write('\n')
    },
  }
}

async function main(): Promise<number> {
  let command
  try {
    command = parseCommand(process.argv.slice(2))
    loadSettings(command.envFile)
    env()
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    if (error instanceof UsageError) console.error(`\n${USAGE}`)
    return 1
  }
  const { file, dryRun } = command
  let size: number
  try {
    size = fs.statSync(file).size
  } catch {
    console.error(`Cannot read ${file}.`)
    return 1
  }
  if (size > IMPORT_FILE_BYTES) {
    console.error(`${file} is larger than an import takes (${IMPORT_FILE_BYTES / 1024 / 1024} MB).`)
    return 1
  }
  assertShopStopped()
  const where = describeDatabase()
  const handle = await openShopDatabase()
  try {
    await migrate(handle.db)
    setDatabase(handle)
    const shown = progress()
    const plan = await checkProductsCsv({
      actor: 'operator',
      source: fs.createReadStream(file),
      onProgress: (rows) => shown.update(rows),
    })
    shown.end(plan.rows)
    const refused = plan.refused.length
    console.log(
      `Checked ${file}: ${count(plan.rows)} row${plan.rows === 1 ? '' : 's'}, ${count(plan.toCreate)} to create, ${count(plan.toUpdate)} to update, ${count(refused)} refused.`,
    )
    for (const r of plan.refused) console.log(`  line ${r.line}: ${r.reason}`)
    if (refused > 0) {
      console.log(`Nothing was imported into ${where}: fix the refused rows and run it again.`)
      return 1
    }
    if (dryRun) {
      console.log(`A dry run: nothing was written to ${where}.`)
      return 0
    }
    if (plan.rows > 0) console.log(`Applying ${count(plan.rows)} rows in one transaction…`)
    const result = await finishImport({ actor: 'operator', plan, dryRun: false })
    // A running shop on PostgreSQL shows the changes at once, as after an admin's import.
    await announceCatalogChange(plan.updates.map((row) => row.id!))
    console.log(
      `Imported into ${where}: ${count(result.created)} created, ${count(result.updated)} updated.`,
    )
    return 0
  } finally {
    await handle.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  },
)
