import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { closeDatabase, setDatabase } from '@/lib/db/client'
import { createPgPool, openDatabase } from '@/lib/db/open'
import { templateName, testEngine, testServerUrl, urlForDatabase } from './engines'

// The shop's terminal commands (`npm run admin`, `npm run doctor`) run as an operator runs them:
// a real process, its settings from the environment alone, standard input piped (not a terminal).

const ROOT = path.resolve(import.meta.dirname, '../..')

/** Every setting of .env.example: the command sees only those a test gives it. */
const SETTING =
  /^(DATABASE_URL|DATABASE_POOL_SIZE|DATA_DIR|DEMO_MODE|SESSION_SECRET|APP_URL|ALLOWED_ORIGINS|TRUST_PROXY|COOKIE_SECURE|S3_.*|SMTP_URL|MAIL_FROM|LOG_LEVEL|METRICS_TOKEN|PORT|HOSTNAME|PAGE_CACHE_MB|FRONT_CACHE_MB|SHUTDOWN_TIMEOUT_MS)$/

export type CommandResult = { code: number | null; stdout: string; stderr: string }

export function runNpmScript(
  script: string,
  args: string[],
  { env = {}, input }: { env?: Record<string, string>; input?: string } = {},
): Promise<CommandResult> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !SETTING.test(k)),
  ) as NodeJS.ProcessEnv
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  // The command may stop before reading (a refusal): a closed pipe is not the test's failure.
  child.stdin.on('error', () => {})
  child.stdin.end(input)
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** A fresh, migrated PostgreSQL database of its own (from the test template), with its URL. */
export async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_test_cmd_${randomBytes(6).toString('hex')}`
  const admin = createPgPool(testServerUrl(), 1)
  try {
    await admin.query(`create database "${name}" template "${templateName()}"`)
  } finally {
    await admin.end()
  }
  return {
    url: urlForDatabase(name),
    drop: async () => {
      const pool = createPgPool(testServerUrl(), 1)
      try {
        await pool.query(`drop database if exists "${name}" with (force)`)
      } finally {
        await pool.end()
      }
    },
  }
}

/**
 * The shop a command test runs its command against, for the whole file: a DATA_DIR of its own
 * and, on PostgreSQL, a scratch database (made before the file's tests, dropped after).
 * `settings` is what the command's environment needs to reach it (plus `extra`);
 * `onShopDatabase` runs code of the test on the same database, opened by this process (the
 * embedded one's lock included).
 */
export function commandShop(prefix: string, extra: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  const shop = {
    dataDir,
    settings: { DATA_DIR: dataDir, ...extra } as Record<string, string>,
    async onShopDatabase<T>(fn: () => Promise<T>): Promise<T> {
      const url = shop.settings.DATABASE_URL
      setDatabase(
        await (url
          ? openDatabase({ engine: 'postgres', url, poolSize: 2 })
          : openDatabase({ engine: 'pglite', dataDir })),
      )
      try {
        return await fn()
      } finally {
        await closeDatabase()
      }
    },
  }
  let drop = async () => {}
  beforeAll(async () => {
    if (testEngine() !== 'postgres') return
    const scratch = await scratchDatabase()
    shop.settings = { ...shop.settings, DATABASE_URL: scratch.url }
    drop = scratch.drop
  })
  afterAll(async () => {
    await closeDatabase()
    await drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
  return shop
}
