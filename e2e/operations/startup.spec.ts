import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { ServerProcess } from '../support/server-process'

// The production server (`npm start`'s) at its start: a bad setting stops it at once, naming the
// setting (not a start that fails requests later); a stop signal while it warms up is a clean
// stop. Each test starts its own server on an empty embedded database.

const PORT = Number(process.env.STARTUP_PORT || 3590)

test.describe('the server at start', () => {
  test.skip(({ isMobile }) => isMobile, 'spawns its own server: once is enough')
  test.setTimeout(180_000)

  let dataDir = ''
  test.beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-startup-'))
  })
  test.afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  /** The server on the test's data folder, with these settings added. */
  function start(settings: Record<string, string>) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...settings }
    delete env.DATABASE_URL
    return new ServerProcess(PORT, env)
  }

  test('a bad setting stops the server at start, naming the setting', async () => {
    // Object storage needs all five S3_ settings or none.
    const server = start({ S3_BUCKET: 'images', S3_ENDPOINT: 'http://127.0.0.1:1' })
    expect((await server.exited).code).toBe(1)
    expect(server.output).toMatch(/S3_.*missing S3_REGION/)
    // Nothing was opened or created in the data folder.
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false)
  })

  test('a stop signal while the server warms up is a clean stop: the port never opens', async () => {
    // A budget the warm-up cannot spend before the first start's seeding ends on a busy machine
    // (it would then open the port without having warmed up).
    const server = start({ WARM_UP_MS: '300000' })
    // The warm-up's first step (the catalog) has been answered: its page renders are under way.
    // The signal goes the moment its log line is out (a poll's turn later, a quick machine could
    // have finished the warm-up and opened the port).
    await server.logLine((l) => l.path === '/api/v1/products?limit=1', 150_000)
    server.child.kill('SIGTERM')
    expect(await server.exited, server.output).toEqual({ code: 0, signal: null })
    expect(server.output).toContain('shutdown: closed the database')
    expect(server.logLines.some((l) => l.msg === 'ByteShop ready')).toBe(false)
  })
})
