import 'server-only'
import path from 'node:path'
import { z } from 'zod'
import { parseCacheSettings, type CacheSettings } from './cache/cache-settings.cjs'
import { parseOpsSettings } from './ops/settings.cjs'

// Every setting the server reads, with its default. `.env.example` lists the same names.
// Nothing is required: the demo runs on the embedded database with generated secrets.
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v)))

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
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((o) => URL.canParse(o) && /^https?:$/.test(new URL(o).protocol)), {
      message: 'must be comma-separated absolute http(s) URLs, e.g. https://app.example.com',
    })
    .transform((list) => list.map((o) => new URL(o).origin)),
  // A reverse proxy in front sets X-Forwarded-Host/-Proto; without one anybody could.
  TRUST_PROXY: flag,
  COOKIE_SECURE: flag,
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  MAIL_FROM: z.string().trim().default('ByteShop <no-reply@byteshop.local>'),
})

export type Env = z.infer<typeof EnvSchema> & {
  /** PAGE_CACHE_MB and FRONT_CACHE_MB, parsed where the server and the cache handler parse them. */
  cache: CacheSettings
  dataDir: string
  demoMode: boolean
  /** COOKIE_SECURE when set; otherwise decided per request (lib/api/origin.ts `cookieSecure`). */
  cookieSecure: boolean | undefined
  trustProxy: boolean
  /** LOG_LEVEL, parsed where the server and the logger parse it (lib/ops/settings.cjs). */
  logLevel: string
  /** METRICS_TOKEN: the bearer token of /metrics, which is off without one. */
  metricsToken: string | undefined
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = EnvSchema.safeParse(source)
  const cache = parseCacheSettings(source)
  const ops = parseOpsSettings(source)
  const issues = [...cache.issues, ...ops.issues]
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
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: ops.settings.logLevel,
    metricsToken: ops.settings.metricsToken,
  }
}

let cached: Env | undefined

/** The parsed settings of this process; read lazily so `next build` needs none of them. */
export function env(): Env {
  cached ??= parseEnv(process.env)
  return cached
}
