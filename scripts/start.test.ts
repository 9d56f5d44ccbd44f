import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

describe('npm start', () => {
  it('stops at once, with a clear message, when another process holds DATA_DIR', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'))
    const holder = spawn('sleep', ['30'])
    try {
      fs.writeFileSync(
        path.join(dir, 'pglite.lock'),
        JSON.stringify({ pid: holder.pid, host: os.hostname() }),
      )
      const started = Date.now()
      const run = spawnSync(process.execPath, ['scripts/start.mjs'], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '3999' },
        encoding: 'utf8',
        timeout: 20_000,
      })
      expect(run.status).toBe(1)
      expect(run.stderr).toContain(`already in use by another process (pid ${holder.pid})`)
      expect(Date.now() - started).toBeLessThan(5_000) // no build, no server
      expect(fs.readdirSync(dir)).toEqual(['pglite.lock']) // nothing else touched
    } finally {
      holder.kill()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('stops at once, naming the setting, when a cache size is not a whole number of megabytes', () => {
    const started = Date.now()
    const run = spawnSync(process.execPath, ['scripts/server.mjs'], {
      env: { ...process.env, FRONT_CACHE_MB: '64MB', PAGE_CACHE_MB: '-5', PORT: '3999' },
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('FRONT_CACHE_MB: must be a whole number of megabytes')
    expect(run.stderr).toContain('PAGE_CACHE_MB: must be a whole number of megabytes')
    expect(Date.now() - started).toBeLessThan(5_000) // before Next is even loaded
  })
})
