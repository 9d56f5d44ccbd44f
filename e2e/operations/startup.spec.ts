import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { ServerProcess } from '../support/server-process'

// The production server (`npm start`'s) with a bad setting: it must stop at once and say which
// setting is wrong, not start and fail requests later.

const PORT = Number(process.env.STARTUP_PORT || 3590)

test('a bad setting stops the server at start, naming the setting', async ({}, info) => {
  test.skip(info.project.name !== 'wide', 'spawns its own server: the wide project only')
  test.setTimeout(120_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-startup-'))
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      // Object storage needs all five S3_ settings or none.
      S3_BUCKET: 'images',
      S3_ENDPOINT: 'http://127.0.0.1:1',
    }
    delete env.DATABASE_URL
    const server = new ServerProcess(PORT, env)
    expect((await server.exited).code).toBe(1)
    expect(server.output).toMatch(/S3_.*missing S3_REGION/)
    // Nothing was opened or created in the data folder.
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false)
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})

test('a stop signal while the server warms up is a clean stop: the port never opens', async ({}, info) => {
  test.skip(info.project.name !== 'wide', 'spawns its own server: the wide project only')
  test.setTimeout(180_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-startup-'))
  try {
    // A budget the warm-up cannot spend before the first start's seeding ends on a busy machine
    // (it would then open the port without having warmed up).
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      WARM_UP_MS: '300000',
    }
    delete env.DATABASE_URL
    const server = new ServerProcess(PORT, env)
    // The warm-up's first step (the catalog) has been answered: its page renders are under way.
    await expect
      .poll(() => server.logLines.some((l) => l.path === '/api/v1/products?limit=1'), {
        timeout: 150_000,
      })
      .toBe(true)
    server.child.kill('SIGTERM')
    expect(await server.exited, server.output).toEqual({ code: 0, signal: null })
    expect(server.output).toContain('shutdown: closed the database')
    expect(server.logLines.some((l) => l.msg === 'ByteShop ready')).toBe(false)
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
