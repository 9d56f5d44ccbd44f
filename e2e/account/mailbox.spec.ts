import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { RunningServer } from '../../bench/lib/server.mjs'
import { expect, test } from '../support/fixtures'

// /dev/mailbox on a server of its own, whose outbox the test fills the way the shop does (a
// JSON entry next to each .eml): the demo lists the mails with their links, a real shop (demo
// mode off) has no such page.

type Entry = {
  id: string
  to: string
  subject: string
  date: string
  text: string
  links: string[]
}

function writeOutbox(dataDir: string, entries: Entry[]) {
  const dir = path.join(dataDir, 'outbox')
  fs.mkdirSync(dir, { recursive: true })
  for (const entry of entries) {
    fs.writeFileSync(path.join(dir, `${entry.id}.eml`), `To: ${entry.to}\n\n${entry.text}\n`)
    fs.writeFileSync(path.join(dir, `${entry.id}.json`), JSON.stringify(entry))
  }
}

test.describe.serial('the demo mailbox', () => {
  let server: RunningServer | undefined
  let dataDir = ''
  let port = 0

  async function start(env: Record<string, string>) {
    const { startServer } = await import('../../bench/lib/server.mjs')
    const base: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir }
    delete base.DATABASE_URL
    delete base.APP_URL
    server = await startServer({
      root: process.cwd(),
      port,
      env: { ...base, ...env },
      logFile: path.join(dataDir, 'server.log'),
      readyPath: '/robots.txt',
      timeoutMs: 200_000,
    })
  }

  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== 'wide', 'one run is enough')
    testInfo.setTimeout(240_000) // its own embedded database: the first start seeds it
    const { freePort } = await import('../../bench/lib/server.mjs')
    port = await freePort()
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-mailbox-'))
    const origin = `http://localhost:${port}`
    writeOutbox(dataDir, [
      {
        id: '2026-01-01T10-00-00-000Z-000001-aaaaaaaa',
        to: 'ada@example.com',
        subject: 'Verify your ByteShop account',
        date: '2026-01-01T10:00:00.000Z',
        text: `Hi <b>Ada</b>,\n\nVerify my account ${origin}/user/verify/old-token`,
        links: [`${origin}/user/verify/old-token`],
      },
      {
        id: '2026-01-02T10-00-00-000Z-000001-bbbbbbbb',
        to: 'bob@example.com',
        subject: 'Reset your ByteShop password',
        date: '2026-01-02T10:00:00.000Z',
        text: `Choose a new password ${origin}/password/reset/new-token`,
        links: [`${origin}/password/reset/new-token`, 'javascript:alert(1)'],
      },
    ])
    await start({})
  })

  test.afterAll(async () => {
    await server?.stop()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('lists the outbox newest first, with its links as links to this shop', async ({ page }) => {
    await page.goto(`${server!.baseUrl}/dev/mailbox`)
    await expect(page.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible()
    await expect(page.getByText('This is the demo outbox.')).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)

    const messages = page.getByRole('list', { name: 'Messages' }).getByRole('article')
    await expect(messages).toHaveCount(2)
    await expect(messages.nth(0).getByRole('heading')).toHaveText('Reset your ByteShop password')
    await expect(messages.nth(0)).toContainText('bob@example.com')
    await expect(messages.nth(1).getByRole('heading')).toHaveText('Verify your ByteShop account')
    // The text as text: markup in it is not markup.
    await expect(messages.nth(1)).toContainText('Hi <b>Ada</b>,')

    const reset = messages.nth(0).getByRole('link', { name: /\/password\/reset\/new-token$/ })
    await expect(reset).toHaveAttribute('href', '/password/reset/new-token')
    // Only web links become anchors.
    await expect(messages.nth(0).getByRole('link')).toHaveCount(1)
    await expect(messages.nth(0)).toContainText('javascript:alert(1)')

    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
  })

  test('does not exist when demo mode is off', async ({ page }) => {
    await server?.stop()
    server = undefined
    await start({ DEMO_MODE: 'false' })
    const res = await page.goto(`${server!.baseUrl}/dev/mailbox`)
    expect(res?.status()).toBe(404)
    await expect(page.getByText('This is the demo outbox.')).toHaveCount(0)
    await expect(page.getByText('bob@example.com')).toHaveCount(0)
  })
})
