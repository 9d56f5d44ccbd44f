import { defineConfig, devices } from '@playwright/test'
import chromium from './scripts/chromium.json'
import {
  E2E_CLIENT_ORIGIN,
  E2E_MAIL_DIR,
  E2E_PORT,
  E2E_SESSION_SECRET,
  E2E_SMTP_PORT,
} from './e2e/support/constants'

// End-to-end tests drive the production build in Debian's Chromium (Playwright cannot download
// its own browsers here), against a fresh temporary DATA_DIR seeded with the demo catalog.

// One retry in CI; the trace mode below follows it.
const retries = process.env.CI ? 1 : 0

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Screenshots in the trace cost seconds per test on two busy cores (axe, carousels); the DOM
    // snapshots are enough to see what went wrong. With a retry (CI) a trace is recorded only on
    // the retry of a failed test: recording every test and keeping the failures' traces cost
    // about a sixth of the run's CPU, most of it the browsers' (five storefront and shopping
    // specs, both projects, on a 2-core AMD EPYC host, 2026-11-30: 825 against 695 CPU seconds,
    // 480 against 414 s of wall time). Without one (locally), a failed test keeps the trace of
    // its only run.
    trace: { mode: retries > 0 ? 'on-first-retry' : 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || chromium.path,
      args: chromium.args,
    },
  },
  projects: [
    { name: 'wide', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'narrow', use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium' } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/aboutme`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      SESSION_SECRET: E2E_SESSION_SECRET,
      ALLOWED_ORIGINS: E2E_CLIENT_ORIGIN,
      // Behind a proxy, as a public shop is: the tests' pages carry an X-Forwarded-For address of
      // their own (e2e/support/fixtures.ts); any other peer's header is ignored.
      TRUST_PROXY: '127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      E2E_MAIL_DIR,
    },
  },
})
