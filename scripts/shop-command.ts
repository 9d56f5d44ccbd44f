// What the terminal commands that act on a shop share (`npm run admin`, `npm run doctor`): the
// settings `npm start` reads, and the shop's database opened as the server opens it.
import { lockHolder } from '@/lib/db/lock-file.mjs'
import { DataDirLockedError } from '@/lib/db/lock'
import { openDatabase, type DbHandle } from '@/lib/db/open'
import { env } from '@/lib/env'
import { loadShopEnv } from './shop-env.mjs'

/**
 * The settings of `npm start`: the environment, then `--env-file FILE` when given (the format of
 * systemd's EnvironmentFile, e.g. /etc/byteshop.env), then the .env files Next loads at start.
 * A setting already in the environment wins, as it does for the server.
 */
export function loadSettings(envFile: string | undefined): void {
  if (envFile) process.loadEnvFile(envFile)
  loadShopEnv()
}

/** Where the settings point, for the commands' messages (never the password of DATABASE_URL). */
export function describeDatabase(): string {
  const e = env()
  if (!e.DATABASE_URL) return `the embedded database in ${e.dataDir}`
  const url = new URL(e.DATABASE_URL)
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`
}

/** The embedded database is in use by a running shop. */
export class ShopRunningError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The shop is running on the embedded database in ${dataDir} (pid ${pid}). Stop it first ` +
        '(the embedded database serves one process at a time), then run this command again.',
    )
    this.name = 'ShopRunningError'
  }
}

/** ShopRunningError when a running shop holds the embedded database (PostgreSQL: never). */
export function assertShopStopped(): void {
  const e = env()
  if (e.DATABASE_URL) return
  const holder = lockHolder(e.dataDir)
  if (holder !== undefined) throw new ShopRunningError(e.dataDir, holder)
}

/** Opens the shop's database without migrating or seeding it; ShopRunningError while it runs. */
export async function openShopDatabase(): Promise<DbHandle> {
  const e = env()
  if (e.DATABASE_URL) {
    return openDatabase({ engine: 'postgres', url: e.DATABASE_URL, poolSize: 2 })
  }
  assertShopStopped()
  try {
    return await openDatabase({ engine: 'pglite', dataDir: e.dataDir })
  } catch (error) {
    // The shop started between the look at the lock and taking it.
    if (error instanceof DataDirLockedError) throw new ShopRunningError(e.dataDir, error.pid)
    throw error
  }
}
