// `npm run doctor [-- --env-file FILE]`: the go-live check. Lists, pass or warn, what would be
// unsafe for a public shop in the settings `npm start` reads (lib/ops/go-live.ts, the same checks
// the server logs at start-up), with the demo accounts read from the database. Exit code 1 when
// something is unsafe, 0 otherwise. It changes nothing: no migration, no seed, no new database.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { listDemoAccounts } from '@/lib/auth/demo-accounts'
import { env } from '@/lib/env'
import { goLiveChecks, isUnsafe, type GoLiveFacts } from '@/lib/ops/go-live'
import { describeDatabase, loadSettings, openShopDatabase, ShopRunningError } from './shop-command'

const USAGE = `Usage: npm run doctor [-- --env-file FILE]

Checks the settings npm start reads (the environment and .env files; --env-file adds a file such
as /etc/byteshop.env) and the database for what is unsafe on a public shop. Exit code 1 when
something is.`

const errorCode = (error: unknown): unknown =>
  (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code

async function readFacts(): Promise<GoLiveFacts> {
  const e = env()
  if (!e.DATABASE_URL && !fs.existsSync(path.join(e.dataDir, 'pgdata', 'PG_VERSION'))) {
    return {
      demoAccounts: undefined,
      unread: `no database in ${e.dataDir} yet (the first start creates it, with the demo accounts in demo mode)`,
    }
  }
  let handle
  try {
    handle = await openShopDatabase()
  } catch (error) {
    const unread =
      error instanceof ShopRunningError
        ? `the shop is running on ${e.dataDir} (pid ${error.pid}); its start-up log names them`
        : `the database could not be opened (${error instanceof Error ? error.message : error})`
    return { demoAccounts: undefined, unread }
  }
  try {
    return { demoAccounts: await listDemoAccounts(handle.db) }
  } catch (error) {
    // 42703, undefined column: users.demo comes with this version's migrations.
    const unread =
      errorCode(error) === '42703'
        ? 'the database has not been migrated to this version yet (start the shop once, or npm run db:migrate)'
        : `the database could not be read (${error instanceof Error ? error.message : error})`
    return { demoAccounts: undefined, unread }
  } finally {
    await handle.close()
  }
}

async function main(): Promise<number> {
  try {
    const { values } = parseArgs({ options: { 'env-file': { type: 'string' } }, strict: true })
    loadSettings(values['env-file'])
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`)
    return 1
  }
  try {
    env()
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\nThe shop would not start.`)
    return 1
  }
  const results = goLiveChecks(env(), await readFacts())
  console.log(`Go-live check of the shop on ${describeDatabase()}:`)
  for (const { status, check, message } of results) {
    console.log(`  ${status.toUpperCase().padEnd(4)}  ${check.padEnd(15)} ${message}`)
  }
  const unsafe = results.filter((r) => r.status === 'warn').length
  console.log(
    isUnsafe(results)
      ? `\n${unsafe} unsafe for a public shop: fix the WARN lines first (README "Deploying").`
      : '\nNothing unsafe found.',
  )
  return isUnsafe(results) ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
