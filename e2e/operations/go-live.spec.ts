import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { RunningServer } from '../../bench/lib/server.mjs'
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '../../lib/auth/session-cookie'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../lib/users/demo-accounts'
import { expect, test } from '../support/fixtures'

// From the demo to a public shop, on the server `npm start` runs (scripts/server.mjs), on a data
// folder of its own: first the demo with an https APP_URL (every answer carries HSTS, the demo
// admin signs in), then the same shop restarted with demo mode off on plain http (no HSTS but
// behind a trusted proxy that says https; the demo admin's session and login are gone; the
// start-up log says once that demo accounts exist).

const HSTS = 'max-age=31536000'
const APP_URL = 'https://shop.example.test'

test.describe.serial('going live', () => {
  let server: RunningServer | undefined
  let dataDir = ''
  let port = 0
  let demoCookie = ''
  /** Where the current server's lines begin in the log file (both servers write to it). */
  let logStart = 0
  const logFile = () => path.join(dataDir, 'server.log')

  async function start(env: Record<string, string>) {
    const { startServer } = await import('../../bench/lib/server.mjs')
    const base: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir }
    for (const name of ['DATABASE_URL', 'APP_URL', 'TRUST_PROXY', 'DEMO_MODE', 'SMTP_URL']) {
      delete base[name]
    }
    server = await startServer({
      root: process.cwd(),
      port,
      env: { ...base, ...env },
      logFile: logFile(),
      readyPath: '/robots.txt',
      timeoutMs: 200_000,
    })
    return server.baseUrl
  }

  /** The current server's log lines (JSON) that name a go-live check. */
  const checkLines = () =>
    fs
      .readFileSync(logFile(), 'utf8')
      .slice(logStart)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; check?: string; msg: string })
      .filter((line) => line.check !== undefined)

  const logIn = (base: string, password: string, origin: string) =>
    fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password }),
    })

  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== 'wide', 'spawns its own server: the wide project only')
    testInfo.setTimeout(240_000) // its own embedded database: the first start seeds it
    const { freePort } = await import('../../bench/lib/server.mjs')
    port = await freePort()
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-golive-'))
    await start({ APP_URL })
  })

  test.afterAll(async () => {
    await server?.stop()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('with an https APP_URL, every kind of answer carries HSTS', async () => {
    const base = server!.baseUrl
    const home = await fetch(`${base}/`)
    const html = await home.text()
    const script = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0]
    expect(script).toBeTruthy()
    const answers = {
      page: home,
      'page again (front cache)': await fetch(`${base}/`),
      'static file': await fetch(`${base}${script}`),
      'API answer': await fetch(`${base}/api/v1/products`),
      'health probe': await fetch(`${base}/api/health`),
      'unknown page': await fetch(`${base}/no-such-page`),
      'refused method': await fetch(`${base}/`, { method: 'DELETE' }),
    }
    for (const [kind, res] of Object.entries(answers)) {
      expect(res.headers.get('strict-transport-security'), kind).toBe(HSTS)
    }
    expect(answers['unknown page'].status).toBe(404)

    // The demo: its admin signs in with the published password.
    const login = await logIn(base, DEMO_PASSWORD, APP_URL)
    expect(login.status).toBe(200)
    demoCookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ')
    expect((await fetch(`${base}/api/v1/me`, { headers: { cookie: demoCookie } })).status).toBe(200)
    // Demo mode is on: the start-up log says so, once.
    const demoMode = checkLines().filter((l) => l.check === 'demo-mode')
    expect(demoMode).toHaveLength(1)
    expect(demoMode[0]!.level).toBe('warn')
  })

  test('on plain http, no HSTS; behind a trusted proxy that says https, HSTS', async () => {
    await server?.stop()
    logStart = fs.readFileSync(logFile(), 'utf8').length
    const base = await start({ DEMO_MODE: 'false', TRUST_PROXY: '127.0.0.1' })
    for (const url of [`${base}/`, `${base}/api/health`, `${base}/no-such-page`]) {
      expect((await fetch(url)).headers.has('strict-transport-security'), url).toBe(false)
    }
    const proxied = await fetch(`${base}/`, { headers: { 'x-forwarded-proto': 'https' } })
    expect(proxied.headers.get('strict-transport-security')).toBe(HSTS)
    // A page first kept from an https request: its copy goes to plain http without HSTS.
    const https = { 'x-forwarded-proto': 'https' }
    for (let i = 0; i < 3; i++) await (await fetch(`${base}/products`, { headers: https })).text()
    const copy = await fetch(`${base}/products`)
    expect(copy.headers.get('x-shop-cache')).toBe('front')
    expect(copy.headers.has('strict-transport-security')).toBe(false)
    expect(
      (await fetch(`${base}/products`, { headers: https })).headers.get(
        'strict-transport-security',
      ),
    ).toBe(HSTS)
  })

  test('with demo mode off, the demo admin is out: login, API, pages', async ({ page }) => {
    const base = server!.baseUrl
    const origin = `http://127.0.0.1:${port}`
    const me = await fetch(`${base}/api/v1/me`, { headers: { cookie: demoCookie } })
    expect(me.status).toBe(401)
    const admin = await fetch(`${base}/api/v1/admin/getAllUser`, {
      headers: { cookie: demoCookie },
    })
    expect(admin.status).toBe(401)

    const right = await logIn(base, DEMO_PASSWORD, origin)
    const wrong = await logIn(base, 'not-the-password', origin)
    expect(right.status).toBe(401)
    expect(await right.text()).toBe(await wrong.text())
    expect(right.headers.getSetCookie()).toEqual([])

    // The admin pages treat the old session as signed out.
    const cookies = Object.fromEntries(demoCookie.split('; ').map((c) => c.split('=')))
    await page.context().addCookies(
      [SESSION_COOKIE, SIGNED_IN_HINT_COOKIE].map((name) => ({
        name,
        value: cookies[name] as string,
        domain: '127.0.0.1',
        path: '/',
      })),
    )
    await page.goto(`${base}/admin/dashbord`)
    await expect(page).toHaveURL(/\/user\/login/)

    // The start-up log said once, whatever happened since, that demo accounts exist.
    const lines = checkLines()
    const demoAccounts = lines.filter((l) => l.check === 'demo-accounts')
    expect(demoAccounts).toHaveLength(1)
    expect(demoAccounts[0]!.level).toBe('warn')
    expect(demoAccounts[0]!.msg).toContain(DEMO_ACCOUNTS.admin.email)
    expect(lines.filter((l) => l.check === 'demo-mode')).toEqual([])
  })
})
