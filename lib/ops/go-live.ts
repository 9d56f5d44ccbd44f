import 'server-only'
import type { Env } from '@/lib/env'

// The go-live check: what is unsafe for a public shop in the settings `npm start` reads, plus the
// one thing only the database knows (demo accounts). One list, used by `npm run doctor`
// (scripts/doctor.ts) and by the server at start-up (lib/db/startup.ts), which logs each finding
// as a warning. A pure function: the caller reads the database.

export type CheckStatus = 'pass' | 'warn' | 'note'
/** warn: unsafe for a public shop (the doctor exits 1); note: worth knowing, not unsafe. */
export type CheckResult = { check: string; status: CheckStatus; message: string }

export type GoLiveFacts = {
  /** The demo accounts' e-mails; undefined when the database could not be read (`unread` says why). */
  demoAccounts: readonly string[] | undefined
  unread?: string
}

/**
 * METRICS_TOKEN's floor here (the settings accept 16). The token is compared on every scrape and
 * nothing limits guesses at /metrics, so it must be unguessable by brute force: 32 characters
 * hold 128 bits or more from `openssl rand -hex 16` (or -base64 24), the usual floor for a
 * secret, and the same length SESSION_SECRET must have.
 */
export const METRICS_TOKEN_MIN = 32

/** A value copied from deploy/byteshop.env.example and never changed. */
const PLACEHOLDER = /change-?me/i

const pass = (check: string, message: string): CheckResult => ({ check, status: 'pass', message })
const warn = (check: string, message: string): CheckResult => ({ check, status: 'warn', message })
const note = (check: string, message: string): CheckResult => ({ check, status: 'note', message })

function demoChecks(e: Env, { demoAccounts, unread }: GoLiveFacts): CheckResult[] {
  const byDefault = e.DEMO_MODE === undefined ? ' (the default with the embedded database)' : ''
  const mode = e.demoMode
    ? warn(
        'demo-mode',
        `Demo mode is on${byDefault}: Guest Mode signs anyone in as the demo admin, the demo ` +
          'logins work with their published password and /dev/mailbox shows every mail, reset ' +
          'links included. Set DEMO_MODE=false.',
      )
    : pass('demo-mode', 'Demo mode is off.')
  if (demoAccounts === undefined) {
    return [mode, note('demo-accounts', `Demo accounts not checked: ${unread ?? 'no database'}.`)]
  }
  if (demoAccounts.length === 0) return [mode, pass('demo-accounts', 'No demo accounts.')]
  const list = `${demoAccounts.length} demo account${demoAccounts.length === 1 ? '' : 's'} (${demoAccounts.join(', ')})`
  return [
    mode,
    e.demoMode
      ? warn('demo-accounts', `${list} can sign in with the published password.`)
      : note(
          'demo-accounts',
          `${list} in the database; they cannot sign in while demo mode is off. Once your own ` +
            'admin signs in (npm run admin -- create), remove them: npm run admin -- remove-demo.',
        ),
  ]
}

function urlCheck(e: Env): CheckResult {
  if (!e.APP_URL) {
    return warn(
      'app-url',
      'APP_URL is not set: mailed links point to http://localhost, and the shop takes its ' +
        'origin from each request. Set it to the https address, e.g. https://shop.example.com.',
    )
  }
  if (new URL(e.APP_URL).protocol !== 'https:') {
    return warn(
      'app-url',
      `APP_URL (${new URL(e.APP_URL).origin}) is not https: passwords and session cookies would ` +
        'cross the network readable, cookies are not Secure and no HSTS is sent.',
    )
  }
  return pass('app-url', `APP_URL is ${new URL(e.APP_URL).origin}.`)
}

function secretChecks(e: Env): CheckResult[] {
  const results: CheckResult[] = []
  results.push(
    e.DATABASE_URL && !e.SESSION_SECRET
      ? warn(
          'session-secret',
          'SESSION_SECRET is not set: this process uses a secret generated in its DATA_DIR, so ' +
            'its sessions are not valid on other app processes. Set the same SESSION_SECRET on ' +
            'every one.',
        )
      : pass(
          'session-secret',
          e.SESSION_SECRET
            ? 'SESSION_SECRET is set.'
            : 'Sessions: one process, secret in DATA_DIR.',
        ),
  )
  results.push(
    e.metricsToken && e.metricsToken.length < METRICS_TOKEN_MIN
      ? warn(
          'metrics-token',
          `METRICS_TOKEN has ${e.metricsToken.length} characters: use at least ` +
            `${METRICS_TOKEN_MIN} random ones (openssl rand -hex 16), as nothing limits guesses.`,
        )
      : pass(
          'metrics-token',
          e.metricsToken ? 'METRICS_TOKEN is long enough.' : '/metrics is off.',
        ),
  )
  const placeholders = Object.entries({
    DATABASE_URL: e.DATABASE_URL,
    SESSION_SECRET: e.SESSION_SECRET,
    SMTP_URL: e.SMTP_URL,
    METRICS_TOKEN: e.metricsToken,
    S3_ACCESS_KEY_ID: e.s3?.accessKeyId,
    S3_SECRET_ACCESS_KEY: e.s3?.secretAccessKey,
  })
    .filter(([, value]) => value !== undefined && PLACEHOLDER.test(value))
    .map(([name]) => name)
  results.push(
    placeholders.length > 0
      ? warn('placeholders', `Still the example's CHANGE-ME: ${placeholders.join(', ')}.`)
      : pass('placeholders', 'No CHANGE-ME placeholders.'),
  )
  return results
}

function networkChecks(e: Env): CheckResult[] {
  const results: CheckResult[] = []
  results.push(
    e.SMTP_URL
      ? pass('smtp', 'SMTP_URL is set.')
      : warn(
          'smtp',
          'SMTP_URL is not set: mail (verification and reset links, order confirmations) only ' +
            'goes to DATA_DIR/outbox, and customers never get it.',
        ),
  )
  results.push(
    e.TRUST_PROXY === true
      ? warn(
          'trust-proxy',
          'TRUST_PROXY=true believes X-Forwarded-For, -Host and -Proto from any client that ' +
            'reaches the app directly (a forged address for rate limits, a forged origin): list ' +
            "the proxy's addresses instead, e.g. TRUST_PROXY=10.0.0.5.",
        )
      : pass('trust-proxy', 'TRUST_PROXY is off or lists the proxies.'),
  )
  results.push(
    e.cookieSecure === false
      ? warn(
          'cookie-secure',
          'COOKIE_SECURE=false: session cookies go out over plain http too. Leave it unset.',
        )
      : pass('cookie-secure', 'Session cookies follow the origin (Secure on https).'),
  )
  const plain = e.ALLOWED_ORIGINS.filter((o) => {
    const { protocol, hostname } = new URL(o)
    return protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(hostname)
  })
  results.push(
    plain.length > 0
      ? warn(
          'allowed-origins',
          `ALLOWED_ORIGINS lists plain-http origins (${plain.join(', ')}): anyone on the way can ` +
            "change those pages, which then act with the shopper's cookies.",
        )
      : pass('allowed-origins', 'ALLOWED_ORIGINS lists no plain-http origin.'),
  )
  return results
}

/** A client on another site (decision 0015): its cookies and where mailed links lead. */
function crossSiteChecks(e: Env): CheckResult[] {
  const results: CheckResult[] = []
  if (!e.crossSiteCookies) {
    results.push(pass('cross-site', 'Session cookies are SameSite=Lax (same-site clients only).'))
  } else if (e.ALLOWED_ORIGINS.length === 0) {
    results.push(
      warn(
        'cross-site',
        'CROSS_SITE_COOKIES is on but ALLOWED_ORIGINS is empty: the cookies go with requests ' +
          'from every site, and no client on another site may call the API anyway. List the ' +
          "client's origin in ALLOWED_ORIGINS, or leave CROSS_SITE_COOKIES unset.",
      ),
    )
  } else {
    results.push(
      note(
        'cross-site',
        'CROSS_SITE_COOKIES is on: the session cookies go with requests from other sites, so the ' +
          `origin check (ALLOWED_ORIGINS: ${e.ALLOWED_ORIGINS.join(', ')}) is the only defence ` +
          'against forged requests. Hosting the client on the same site stays the safer set-up.',
      ),
    )
  }
  if (e.MAIL_LINK_URL) {
    const { protocol, hostname, origin } = new URL(e.MAIL_LINK_URL)
    results.push(
      protocol === 'http:' && hostname !== 'localhost'
        ? warn(
            'mail-links',
            `MAIL_LINK_URL (${origin}) is plain http: reset and verification tokens would cross ` +
              'the network readable.',
          )
        : pass('mail-links', `Mailed links lead to ${e.mailLinkBase}.`),
    )
  }
  return results
}

/** Every check, in the order the doctor prints them. */
export function goLiveChecks(e: Env, facts: GoLiveFacts): CheckResult[] {
  return [
    ...demoChecks(e, facts),
    urlCheck(e),
    ...networkChecks(e),
    ...crossSiteChecks(e),
    ...secretChecks(e),
  ]
}

export const isUnsafe = (results: readonly CheckResult[]) =>
  results.some((r) => r.status === 'warn')
