import 'server-only'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import {
  originsOf,
  parseCacheSettings,
  parseOpsSettings,
  type CacheSettings,
} from './ops/settings.cjs'

// Every setting the server reads, with its default. `.env.example` lists the same names.
// Nothing is required: the demo runs on the embedded database with generated secrets.
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v)))

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)

/** A whole number with a default for an unset or empty setting. */
const wholeNumber = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? Number(v) : fallback))
    .pipe(z.number().int().min(min).max(max))

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: 'must be a postgres:// or postgresql:// URL',
    }),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_PREPARED_STATEMENTS: flag.transform((v) => v ?? true),
  DATA_DIR: z.string().trim().default('./data'),
  DEMO_MODE: flag,
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || v.length >= 32, {
      message: 'must be at least 32 characters',
    }),
  APP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || URL.canParse(v), { message: 'must be an absolute URL' }),
  // Kept as origins (scheme://host:port), the form browsers send in the Origin header.
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform(originsOf)
    .refine((list) => list.bad.length === 0, {
      message: 'must be comma-separated absolute http(s) URLs, e.g. https://app.example.com',
    })
    .transform((list) => list.origins),
  // A reverse proxy in front sets X-Forwarded-For/-Host/-Proto; without one anybody could.
  // true, false, or the proxies' addresses (comma-separated): then only requests whose socket
  // peer is one of them are believed.
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined
      const lower = v.toLowerCase()
      if (['true', '1', 'yes'].includes(lower)) return true
      if (['false', '0', 'no'].includes(lower)) return false
      const list = v.split(',').map((s) => s.trim().replace(/^::ffff:/, ''))
      if (list.every((a) => isIP(a) !== 0)) return list
      ctx.addIssue({
        code: 'custom',
        message: 'must be true, false or comma-separated IP addresses of the proxies',
      })
      return z.NEVER
    }),
  COOKIE_SECURE: flag,
  // A single-page app on another site (docs/decisions/0015-cross-site-clients.md): both session
  // cookies SameSite=None; Secure; Partitioned. Only with an https APP_URL (see parseEnv).
  CROSS_SITE_COOKIES: flag,
  // Where the links in mails lead (reset, verification, orders): that app's address, with its
  // path if it is served under one. Default: APP_URL.
  MAIL_LINK_URL: optionalText.refine(
    (v) =>
      v === undefined ||
      (URL.canParse(v) &&
        /^https?:$/.test(new URL(v).protocol) &&
        !new URL(v).search &&
        !new URL(v).hash &&
        !new URL(v).username &&
        !new URL(v).password),
    {
      message:
        'must be an absolute http(s) URL without query, fragment or credentials, e.g. https://app.example.com',
    },
  ),
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  MAIL_FROM: z.string().trim().default('ByteShop <no-reply@byteshop.local>'),
  // The outbox's deliveries (lib/mail/mail-worker.ts): attempts before a mail is marked failed,
  // the first retry's delay (doubling up to an hour), and one attempt's time limit.
  MAIL_ATTEMPTS: wholeNumber(10, 1, 100),
  MAIL_RETRY_MS: wholeNumber(30_000, 10, 3_600_000),
  MAIL_SEND_TIMEOUT_MS: wholeNumber(60_000, 100, 600_000),
  // Object storage for images: all five, or none (then DATA_DIR/uploads). See parseS3.
  S3_ENDPOINT: optionalText.refine(
    (v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
    { message: 'must be an http(s) URL, e.g. http://127.0.0.1:9000' },
  ),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
})

const S3_NAMES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const

/** The bucket product images and avatars go to instead of DATA_DIR/uploads. */
export type S3Settings = {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

/** All five S3_ settings or none; some of them is a mistake, named. */
function parseS3(source: NodeJS.ProcessEnv): { settings?: S3Settings; issue?: string } {
  const value = (name: (typeof S3_NAMES)[number]) => source[name]?.trim() || undefined
  const missing = S3_NAMES.filter((name) => value(name) === undefined)
  if (missing.length === S3_NAMES.length) return {}
  if (missing.length > 0) {
    return {
      issue: `S3_*: object storage needs all five S3_ settings or none; missing ${missing.join(', ')}`,
    }
  }
  return {
    settings: {
      endpoint: value('S3_ENDPOINT')!,
      bucket: value('S3_BUCKET')!,
      region: value('S3_REGION')!,
      accessKeyId: value('S3_ACCESS_KEY_ID')!,
      secretAccessKey: source.S3_SECRET_ACCESS_KEY!,
    },
  }
}

export type Env = z.infer<typeof EnvSchema> & {
  /** PAGE_CACHE_MB and FRONT_CACHE_MB, parsed where the server and the cache handler parse them. */
  cache: CacheSettings
  dataDir: string
  demoMode: boolean
  /** COOKIE_SECURE when set; otherwise decided per request (lib/api/origin.ts `cookieSecure`). */
  cookieSecure: boolean | undefined
  /** Whether forwarded headers count at all (TRUST_PROXY true or a list of proxies). */
  trustProxy: boolean
  /** The proxies' addresses when TRUST_PROXY lists them; undefined: any peer (or none trusted). */
  trustedProxies: readonly string[] | undefined
  /** Set when all five S3_ settings are; images then live in that bucket. */
  s3: S3Settings | undefined
  /** LOG_LEVEL, parsed where the server and the logger parse it (lib/ops/settings.cjs). */
  logLevel: string
  /** METRICS_TOKEN: the bearer token of /metrics, which is off without one. */
  metricsToken: string | undefined
  /** CROSS_SITE_COOKIES: session cookies for a client on another site (SameSite=None…). */
  crossSiteCookies: boolean
  /** MAIL_LINK_URL without a trailing '/'; undefined: mailed links use APP_URL (siteOrigin). */
  mailLinkBase: string | undefined
}

/**
 * Whether cookies marked Secure reach the shop at this address: https, or http on the loopback
 * name `localhost`, which browsers treat as a secure origin (and store Secure cookies from).
 */
export function securesCookies(appUrl: string): boolean {
  const url = new URL(appUrl)
  return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost')
}

/** CROSS_SITE_COOKIES needs an APP_URL browsers send Secure cookies to; why not, or undefined. */
function crossSiteIssue(e: z.infer<typeof EnvSchema>): string | undefined {
  if (!e.CROSS_SITE_COOKIES) return undefined
  if (e.APP_URL && securesCookies(e.APP_URL)) return undefined
  return (
    `CROSS_SITE_COOKIES: needs APP_URL to be the shop's https address (now ${e.APP_URL ?? 'unset'}; ` +
    'http://localhost only for trying it on one machine): ' +
    'SameSite=None cookies must be Secure, and browsers refuse Secure cookies over plain http. ' +
    'Serve the shop over https and set APP_URL=https://…, or leave CROSS_SITE_COOKIES unset.'
  )
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = EnvSchema.safeParse(source)
  const cache = parseCacheSettings(source)
  const ops = parseOpsSettings(source)
  const s3 = parseS3(source)
  const crossSite = parsed.success ? crossSiteIssue(parsed.data) : undefined
  const issues = [
    ...cache.issues,
    ...ops.issues,
    ...(s3.issue ? [s3.issue] : []),
    ...(crossSite ? [crossSite] : []),
  ]
  if (!parsed.success || issues.length > 0) {
    const lines = [
      ...(parsed.success ? [] : parsed.error.issues).map(
        (i) => `  ${i.path.join('.')}: ${i.message}`,
      ),
      ...issues.map((issue) => `  ${issue}`),
    ]
    throw new Error(`Invalid environment settings:\n${lines.join('\n')}\nSee .env.example.`)
  }
  const e = parsed.data
  return {
    ...e,
    cache: cache.settings,
    dataDir: path.resolve(e.DATA_DIR),
    // The demo logins only exist where nobody could mistake them for a real shop's accounts.
    demoMode: e.DEMO_MODE ?? e.DATABASE_URL === undefined,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: Array.isArray(e.TRUST_PROXY) || e.TRUST_PROXY === true,
    trustedProxies: Array.isArray(e.TRUST_PROXY) ? e.TRUST_PROXY : undefined,
    s3: s3.settings,
    logLevel: ops.settings.logLevel,
    metricsToken: ops.settings.metricsToken,
    crossSiteCookies: e.CROSS_SITE_COOKIES ?? false,
    mailLinkBase: e.MAIL_LINK_URL && new URL(e.MAIL_LINK_URL).href.replace(/\/+$/, ''),
  }
}

let cached: Env | undefined

/** The parsed settings of this process; read lazily so `next build` needs none of them. */
export function env(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

/** Tests only: read process.env again on the next env() (and pick the image store again). */
export function resetEnvForTests(): void {
  cached = undefined
}
