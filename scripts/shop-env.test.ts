import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { opsSettings } from '../lib/ops/settings.cjs'
import { loadShopEnv } from './shop-env.mjs'

// `npm start` reads its own settings (scripts/server.mjs) before Next would load the .env files:
// loadShopEnv loads them first, so that a shop configured in .env gets what it wrote.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-env-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('the .env files of a shop', () => {
  it('set the server’s settings, the environment winning, .env.production over .env', () => {
    fs.writeFileSync(
      path.join(dir, '.env'),
      'METRICS_TOKEN=from-the-env-file-0123456789abcdef\nLOG_LEVEL=debug\nSHOP_ENV_TEST_A=env\n',
    )
    fs.writeFileSync(path.join(dir, '.env.production'), 'SHOP_ENV_TEST_A=production\n')
    process.env.LOG_LEVEL = 'warn'
    delete process.env.METRICS_TOKEN
    // As the server runs (it sets production first); the test runner's 'test' skips .env.production.
    const variables = process.env as Record<string, string | undefined>
    const runnerMode = variables.NODE_ENV
    variables.NODE_ENV = 'production'
    try {
      loadShopEnv(dir)
    } finally {
      variables.NODE_ENV = runnerMode
    }
    const ops = opsSettings(process.env)
    expect(ops.metricsToken).toBe('from-the-env-file-0123456789abcdef')
    expect(ops.logLevel).toBe('warn')
    expect(process.env.SHOP_ENV_TEST_A).toBe('production')
  })
})
