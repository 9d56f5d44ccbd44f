import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { hashPassword } from '@/lib/auth/password'
import { readSessionToken, SESSION_COOKIE, sessionTokenHash } from '@/lib/auth/session'
import { SIGNED_IN_HINT_COOKIE } from '@/lib/auth/session-cookie'
import { startSession } from '@/lib/auth/session-store'
import { issueToken } from '@/lib/auth/tokens'
import { getDb } from '@/lib/db/client'
import { contactMessages, productImages, reviews, sessions, users } from '@/lib/db/schema'
import { queryRows } from '@/lib/db/sql'
import { API_ROUTES, HTTP_METHODS, type ApiPath, type HttpMethod } from '@/lib/api/routes'
import { createProduct, createUser } from '../factories'
import { avatarPng, fromAddress, GOOD_PASSWORD, someAddress } from './accounts'
import { createOrder } from './orders'
import { ORIGIN, sessionCookieFor } from './requests'

// Fuzzing of every /api/v1 endpoint (tests/fuzz-api-*.test.ts): the handlers are called in
// process with `new Request(...)`, with "nearly valid" and random inputs in the query, path,
// headers and bodies (JSON, multipart, urlencoded, raw bytes), as a guest, a shopper and an admin.
// A property fails on a 5xx, on an answer that takes longer than CALL_TIMEOUT_MS (body included),
// on a JSON answer that does not parse, and on any row the caller was not allowed to change.

/**
 * Runs per route and role; FUZZ_RUNS raises it for a longer local run. FUZZ_STATS=1 prints the
 * answers' statuses per route and role (to see that the runs reach past validation), =2 each one.
 * FUZZ_SEED replays a failure's runs from the `seed` it printed (with `-t` naming its route and
 * role), the runs before its counterexample included, as those change the rows it meets.
 */
export const RUNS = Number(process.env.FUZZ_RUNS) || 60
const SEED = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}
export const CALL_TIMEOUT_MS = 5000

export type Role = 'guest' | 'shopper' | 'admin'
export const ROLES: Role[] = ['guest', 'shopper', 'admin']

type Handler = (request: Request, ctx: never) => Promise<Response>
export type RouteModule = Record<string, Handler>

/** The routes of one fuzz file: /admin/* and the admin-only /product/updatestock, or the rest. */
export const isAdminPath = (path: string) =>
  path.startsWith('/admin/') || path === '/product/updatestock'

// ---------------------------------------------------------------------------------------------
// Fixtures: the rows every property aims at (ids of each kind, a cart, orders, reviews, ...)

type User = Awaited<ReturnType<typeof createUser>>

export type Fixtures = {
  admin: User
  shopper: User
  other: User
  /** Users whose mailed tokens below are valid (verify and reset may change them). */
  tokenOwners: Set<string>
  tokens: { verify: string; reset: string }
  products: string[]
  archivedProduct: string
  orders: { mine: string; others: string; othersShipped: string; othersDelivered: string }
  reviews: { mine: { id: string; productId: string }; others: { id: string; productId: string } }
  messages: string[]
  /** Sessions by their shown ids: another device of the shopper, and one of the other user. */
  sessions: { mine: string; others: string }
  /** Every id above, for ids aimed at the wrong kind of row. */
  allIds: string[]
  png: Buffer
}

export async function createFixtures(): Promise<Fixtures> {
  const db = await getDb()
  const passwordHash = await hashPassword(GOOD_PASSWORD)
  const admin = await createUser({ name: 'Fuzz Admin', role: 'admin', passwordHash })
  const shopper = await createUser({ name: 'Fuzz Shopper', passwordHash })
  const other = await createUser({ name: 'Other Shopper', passwordHash })
  const unverified = await createUser({ name: 'Not Verified', verified: false, passwordHash })
  const resetter = await createUser({ name: 'Forgot Password', passwordHash })
  const verify = await issueToken(db, unverified.id, 'verify')
  const reset = await issueToken(db, resetter.id, 'reset')

  const live: Awaited<ReturnType<typeof createProduct>>[] = []
  for (const stock of [50, 50, 1, 0]) live.push(await createProduct({ stock }))
  for (const p of live) {
    await db
      .insert(productImages)
      .values({ productId: p.id, url: `/media/${p.id}.webp`, publicId: `${p.id}.webp` })
  }
  const archived = await createProduct({ archived: true })
  const line = (i: number, quantity = 1) => ({ productId: live[i]!.id, priceCents: 2500, quantity })
  const mine = await createOrder({ userId: shopper.id, lines: [line(0)] })
  const others = await createOrder({ userId: other.id, lines: [line(1, 2)] })
  const othersShipped = await createOrder({ userId: other.id, lines: [line(0)], status: 'Shipped' })
  const othersDelivered = await createOrder({
    userId: other.id,
    lines: [line(1)],
    status: 'Delivered',
  })
  const [myReview] = await db
    .insert(reviews)
    .values({ productId: live[1]!.id, userId: shopper.id, rating: 4, comment: 'Mine.' })
    .returning()
  const [othersReview] = await db
    .insert(reviews)
    .values({ productId: live[0]!.id, userId: other.id, rating: 2, comment: 'Theirs.' })
    .returning()
  const messages = await db
    .insert(contactMessages)
    .values([
      { userId: other.id, name: other.name, email: other.email, message: 'A message from other.' },
      { userId: null, name: 'Gone', email: 'gone@example.com', message: 'An orphan message.' },
    ])
    .returning()
  // The other shopper's cart, which nobody else may touch.
  await fromAddress(someAddress(), async () => {
    const { addToCart } = await import('@/lib/cart/add-to-cart')
    await addToCart({ actor: other, fields: { productId: live[0]!.id, quantity: 2 } })
  })

  const mySession = await startSession(db, { userId: shopper.id, userAgent: 'fuzz phone' })
  const othersSession = await startSession(db, { userId: other.id, userAgent: 'fuzz laptop' })

  const fx: Omit<Fixtures, 'allIds'> = {
    admin,
    shopper,
    other,
    tokenOwners: new Set([unverified.id, resetter.id]),
    tokens: { verify, reset },
    products: live.map((p) => p.id),
    archivedProduct: archived.id,
    orders: {
      mine: mine.id,
      others: others.id,
      othersShipped: othersShipped.id,
      othersDelivered: othersDelivered.id,
    },
    reviews: {
      mine: { id: myReview!.id, productId: myReview!.productId },
      others: { id: othersReview!.id, productId: othersReview!.productId },
    },
    messages: messages.map((m) => m.id),
    sessions: { mine: mySession.session.id, others: othersSession.session.id },
    png: await avatarPng(),
  }
  const allIds = [
    admin.id,
    shopper.id,
    other.id,
    unverified.id,
    ...fx.products,
    archived.id,
    ...Object.values(fx.orders),
    myReview!.id,
    othersReview!.id,
    ...fx.messages,
    fx.sessions.mine,
    fx.sessions.others,
  ]
  return { ...fx, allIds }
}

// ---------------------------------------------------------------------------------------------
// The callers. Cookies are re-made before each run: a run may end its own session (logout, a
// password or role change) or an admin may demote themselves; both are put back so the next run
// is the same role again.

const cookies = new Map<string, string>()

async function cookieFor(user: { id: string }) {
  let cookie = cookies.get(user.id)
  const token = cookie && (await readSessionToken(cookie.slice(`${SESSION_COOKIE}=`.length)))
  const live =
    token &&
    (
      await queryRows<{ id: string }>(
        await getDb(),
        sql`select id from ${sessions} where token_hash = ${sessionTokenHash(token)}`,
      )
    ).length > 0
  if (!live) cookies.set(user.id, (cookie = await sessionCookieFor(user)))
  return cookie!
}

async function actorCookie(fx: Fixtures, role: Role): Promise<string | undefined> {
  const db = await getDb()
  const found = await queryRows<{ id: string; role: string }>(
    db,
    sql`select id, role from ${users}
        where id in (${fx.admin.id}, ${fx.shopper.id})`,
  )
  // An admin fuzzing role changes may have promoted the shopper or demoted themselves.
  for (const want of [fx.admin, fx.shopper]) {
    const row = found.find((r) => r.id === want.id)
    if (!row) throw new Error(`${want.name} of the fuzz fixtures was deleted`)
    if (row.role !== want.role) {
      await db.execute(sql`update ${users} set role = ${want.role} where id = ${want.id}`)
    }
  }
  if (role === 'guest') return undefined
  return cookieFor(role === 'admin' ? fx.admin : fx.shopper)
}

// ---------------------------------------------------------------------------------------------
// Values

/** Values that break careless code: edges of numbers, odd strings, wrong types, nesting. */
const NASTY: unknown[] = [
  1e308,
  -1e308,
  -0,
  0,
  -1,
  0.5,
  1.005,
  2 ** 31,
  2 ** 53 + 2,
  '',
  ' ',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '0x10',
  '1_000',
  '3',
  ' 4 ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '💥🛒',
  '\u202eevil',
  'e\u0301',
  'a'.repeat(10_000),
  'é'.repeat(3_000),
  "' or 1=1 --",
  '%00',
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '__proto__',
  'toString',
  'undefined',
  'null',
  null,
  true,
  false,
  [],
  [1, 'x', null],
  {},
  { $gt: '' },
  JSON.parse('{"__proto__":{"admin":true}}'),
  { constructor: { prototype: { polluted: 1 } } },
  [[[[[[[[[[[]]]]]]]]]]],
]

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']
const PRIVILEGE_KEYS = ['userId', 'user', 'role', 'id', '_id', 'verified', 'sessionId']

/** Any text, including lone surrogates and control characters. */
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
)

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 2, arbitrary: anyText },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

/** Undefined mostly; the value 1 time in `odds + 1`. */
const rarely = <T>(a: fc.Arbitrary<T>, odds = 6): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: odds, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: a })

/** Mostly a good value, sometimes a nasty one. */
export const mostly = <T>(good: fc.Arbitrary<T>): fc.Arbitrary<T | unknown> =>
  fc.oneof({ weight: 8, arbitrary: good }, { weight: 1, arbitrary: nastyValue })

/** A good value 4 times in 5, else a bad one. */
export const usually = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: bad })

/** An id of the kind wanted, of another kind, a random UUID, or something near one. */
export function idArb(fx: Fixtures, good: string[]): fc.Arbitrary<string> {
  const known = fc.constantFrom(...good)
  return fc.oneof(
    { weight: 12, arbitrary: known },
    { weight: 2, arbitrary: fc.constantFrom(...fx.allIds) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: known.map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: known.map((id) => ` ${id} `) },
    { weight: 1, arbitrary: known.map((id) => `${id}\u0000`) },
    { weight: 1, arbitrary: known.map((id) => id.slice(0, 35)) },
    { weight: 1, arbitrary: known.map((id) => `${id}x`) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'new',
        'updatestock',
        'me',
        '0',
        '-1',
        'null',
        '..',
        '%',
        '\ud800',
      ),
    },
    { weight: 2, arbitrary: anyText },
  )
}

/** A product id: live ones mostly, the archived one, and the rest of idArb. */
export const productIdArb = (fx: Fixtures) => idArb(fx, [...fx.products, fx.archivedProduct])

// ---------------------------------------------------------------------------------------------
// Inputs

type Entries = [string, unknown][]

/** A valid shape with a few fields changed, removed, or added (unknown or prototype keys). */
export function mutated(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Entries> {
  return valid.chain((obj) => {
    const keys = Object.keys(obj)
    const key = fc.oneof(
      { weight: 4, arbitrary: keys.length ? fc.constantFrom(...keys) : fc.constant('x') },
      { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS, ...PRIVILEGE_KEYS) },
      { weight: 1, arbitrary: anyText },
    )
    const mutation = fc.oneof(
      fc.record({ op: fc.constant('set' as const), key, value: nastyValue }),
      fc.record({ op: fc.constant('delete' as const), key }),
      fc.record({ op: fc.constant('dup' as const), key, value: nastyValue }),
    )
    const mutations = fc.oneof(
      { weight: 2, arbitrary: fc.constant([]) },
      { weight: 3, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) },
    )
    return mutations.map((ms) => {
      let entries: Entries = Object.entries(obj)
      for (const m of ms) {
        if (m.op === 'delete') entries = entries.filter(([k]) => k !== m.key)
        else if (m.op === 'dup') entries.push([m.key, m.value])
        else entries = [...entries.filter(([k]) => k !== m.key), [m.key, m.value]]
      }
      return entries
    })
  })
}

/** JSON text of entries, written by hand so that `__proto__` and repeated keys go out as is. */
function jsonText(entries: Entries): string {
  const value = (v: unknown) => JSON.stringify(v) ?? 'null'
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${value(v)}`).join(',')}}`
}

const formText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))

type FilePart = { kind: 'png' | 'garbage' | 'empty' | 'text' | 'svg'; name: string; type: string }

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; text: string; type: string | null }
  | { kind: 'form'; fields: [string, string | FilePart][]; urlencoded: boolean; type?: string }
  | { kind: 'raw'; bytes: Uint8Array; type: string | null }

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json;charset=latin1',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/json, text/plain',
  'text/plain',
  'text/json',
]

const filePart: fc.Arbitrary<FilePart> = fc.record({
  kind: fc.constantFrom(
    'png' as const,
    'garbage' as const,
    'empty' as const,
    'text' as const,
    'svg' as const,
  ),
  name: fc.oneof(
    fc.constantFrom('a.png', 'a.jpg', '../../x.png', '.png', 'a\u0000.png', 'x'),
    anyText,
  ),
  type: fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'text/plain', ''),
})

function bodyArb(
  valid: fc.Arbitrary<Record<string, unknown>>,
  fileFields: string[],
): fc.Arbitrary<Body> {
  const entries = mutated(valid)
  const jsonBody = fc.record({
    kind: fc.constant('json' as const),
    text: entries.map(jsonText),
    type: fc.oneof(
      { weight: 12, arbitrary: fc.constant('application/json') },
      { weight: 2, arbitrary: fc.constantFrom<string | null>(null, ...JSON_TYPES) },
    ),
  })
  const files = fileFields.length
    ? fc.array(fc.tuple(fc.constantFrom(...fileFields), filePart), { maxLength: 3 })
    : fc.constant([] as [string, FilePart][])
  const formBody = fc
    .record({
      entries,
      files,
      urlencoded: fc.boolean(),
      type: rarely(
        fc.constantFrom(
          'multipart/form-data',
          'multipart/form-data; boundary=nothing',
          'multipart/form-data; boundary=',
          'application/x-www-form-urlencoded; charset=utf-16',
        ),
      ),
    })
    .map(({ entries: es, files: fs, urlencoded, type }): Body => ({
      kind: 'form',
      fields: [...es.map(([k, v]): [string, string] => [k, formText(v)]), ...fs],
      urlencoded: urlencoded && fs.length === 0,
      type,
    }))
  const randomJson = fc.record({
    kind: fc.constant('json' as const),
    text: fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'),
      fc.constantFrom(
        '',
        '{',
        '{"a":1,}',
        '\ufeff{}',
        'null',
        '[]',
        '"x"',
        '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
        '{"a":"\\ud800"}',
        '{"__proto__":{"role":"admin"}}',
        'NaN',
      ),
      anyText,
    ),
    type: fc.constantFrom<string | null>('application/json', ...JSON_TYPES),
  })
  const rawBody = fc.record({
    kind: fc.constant('raw' as const),
    bytes: fc.uint8Array({ maxLength: 2000 }),
    type: fc.constantFrom<string | null>(
      null,
      'application/json',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'image/png',
    ),
  })
  return fc.oneof(
    { weight: 8, arbitrary: jsonBody },
    { weight: 3, arbitrary: formBody },
    { weight: 1, arbitrary: randomJson },
    { weight: 1, arbitrary: rawBody },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  )
}

/** Header values a client can send: visible Latin-1 and tabs (Headers refuses CR, LF, NUL). */
const headerText = fc.string({
  unit: fc
    .oneof(
      fc.integer({ min: 0x20, max: 0x7e }),
      fc.integer({ min: 0x80, max: 0xff }),
      fc.constant(0x09),
    )
    .map((c) => String.fromCharCode(c)),
  maxLength: 300,
})

const TOKEN_CHARS = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyz"
const headerName = fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 1, maxLength: 20 })

export type Headers = [string, string][]

function headersArb(cookie: string | undefined): fc.Arbitrary<Headers> {
  const opt = <T>(a: fc.Arbitrary<T>) => rarely(a, 2)
  const cookieValue = fc.oneof(
    { weight: 8, arbitrary: fc.constant(cookie ?? '') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `${SESSION_COOKIE}=garbage`,
        `${SESSION_COOKIE}=${(cookie ?? '').split('=').slice(1).join('=')}x`,
        `${SESSION_COOKIE}=Fe26.2**x*y*z`,
        `${SESSION_COOKIE}=; ${cookie ?? ''}`,
        `${cookie ?? ''}; ${SESSION_COOKIE}=garbage`,
        `${cookie ?? ''}; ${SIGNED_IN_HINT_COOKIE}=admin`,
        '=;;;=',
        `${SESSION_COOKIE}=${'A'.repeat(8000)}`,
      ),
    },
    { weight: 1, arbitrary: headerText.map((g) => `${cookie ?? ''}; ${g}`) },
  )
  return fc
    .record({
      origin: fc.oneof(
        { weight: 20, arbitrary: fc.constant(ORIGIN) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            undefined,
            'null',
            'https://evil.example',
            'http://localhost:3000/',
            'HTTP://LOCALHOST:3000',
            'http://localhost:3000, http://evil.example',
          ),
        },
        { weight: 1, arbitrary: headerText },
      ),
      site: opt(
        fc.oneof(
          { weight: 4, arbitrary: fc.constant('same-origin') },
          { weight: 1, arbitrary: fc.constantFrom('cross-site', 'same-site', 'none') },
          { weight: 1, arbitrary: headerText },
        ),
      ),
      cookie: cookieValue,
      idem: opt(
        fc.oneof(
          fc.uuid(),
          fc.constantFrom('k'.repeat(200), 'k'.repeat(201), 'é', ' ', 'a b', ''),
          headerText,
        ),
      ),
      accept: opt(
        fc.oneof(
          fc.constantFrom('*/*', 'text/html', 'application/json;q=0', 'text/csv'),
          headerText,
        ),
      ),
      encoding: opt(fc.oneof(fc.constantFrom('gzip', 'br;q=0', 'identity;q=0, *;q=0'), headerText)),
      forwarded: opt(fc.oneof(fc.constantFrom('1.2.3.4', '::1, 10.0.0.1', 'unknown'), headerText)),
      xsrf: opt(headerText),
      extra: fc.array(fc.tuple(headerName, headerText), { maxLength: 3 }),
    })
    .map((h) => {
      const out: Headers = []
      if (h.origin !== undefined) out.push(['origin', h.origin])
      if (h.site !== undefined) out.push(['sec-fetch-site', h.site])
      if (h.cookie) out.push(['cookie', h.cookie])
      if (h.idem !== undefined) out.push(['idempotency-key', h.idem])
      if (h.accept !== undefined) out.push(['accept', h.accept])
      if (h.encoding !== undefined) out.push(['accept-encoding', h.encoding])
      if (h.forwarded !== undefined) out.push(['x-forwarded-for', h.forwarded])
      if (h.xsrf !== undefined) out.push(['x-xsrf-token', h.xsrf])
      for (const [k, v] of h.extra)
        if (k !== 'content-type' && k !== 'content-length') out.push([k, v])
      return out
    })
}

export type Query = { pairs: [string, string][]; tail: string }

function queryArb(valid: fc.Arbitrary<Record<string, string>>): fc.Arbitrary<Query> {
  return fc.record({
    pairs: mutated(valid).chain((entries) => {
      const pairs = entries.map(([k, v]): [string, string] => [k, formText(v)])
      // A repeated parameter, with another value after the first
      return fc.oneof(
        { weight: 4, arbitrary: fc.constant(pairs) },
        {
          weight: 1,
          arbitrary: pairs.length
            ? fc
                .tuple(fc.constantFrom(...pairs), anyText)
                .map(([[k], v]) => [...pairs, [k, v] as [string, string]])
            : fc.constant(pairs),
        },
        { weight: 1, arbitrary: fc.array(fc.tuple(anyText, anyText), { maxLength: 4 }) },
      )
    }),
    tail: fc.oneof(
      { weight: 6, arbitrary: fc.constant('') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '&%',
          '&a=%zz',
          '&%E0%A4%A=1',
          '&=',
          '&&&',
          '&a[=1',
          '&b=%FF%FE',
          '&c=%C0%AF',
        ),
      },
    ),
  })
}

/** Percent-encoding that survives lone surrogates (sent as the UTF-8 of U+FFFD, as a browser would). */
function enc(s: string): string {
  try {
    return encodeURIComponent(s)
  } catch {
    return [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')
  }
}

export type Input = {
  method: HttpMethod
  params: Record<string, string>
  /** The path segment as sent, undecoded (percent garbage a client may send). */
  rawSegments: boolean
  query: Query
  headers: Headers
  body: Body
  peer: 'shared' | 'fresh'
}

export type RouteSpec = {
  module: RouteModule
  /** Arbitraries of the dynamic segments of the path, by name. */
  params?: (fx: Fixtures) => Record<string, fc.Arbitrary<string>>
  /** A valid query (its values are mutated like body fields). */
  query?: (fx: Fixtures) => fc.Arbitrary<Record<string, string>>
  /** A valid body (JSON numbers stay numbers; a form sends every value as text). */
  body?: (fx: Fixtures) => fc.Arbitrary<Record<string, unknown>>
  /** A strictly valid body, for the well-behaved runs (`body` by default). */
  valid?: (fx: Fixtures) => fc.Arbitrary<Record<string, unknown>>
  /** Form fields that take files (avatars, product images). */
  files?: string[]
  /** Which rows a caller of this route may change, per role (see `Rules`). */
  may: (role: Role) => Rules
}

export function inputArb(
  path: ApiPath,
  spec: RouteSpec,
  fx: Fixtures,
  cookie: string | undefined,
): fc.Arbitrary<Input> {
  const built = API_ROUTES[path].methods as readonly HttpMethod[]
  const params = spec.params?.(fx) ?? {}
  const GARBAGE_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%FF', '%2e%2e', '%2F', '%00']
  const paramsArb = Object.keys(params).length ? fc.record(params) : fc.constant({})
  const fuzzed = fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...built) },
        { weight: 1, arbitrary: fc.constantFrom(...HTTP_METHODS) },
      ),
      params: paramsArb,
      rawSegments: fc.boolean().chain((b) => (b ? fc.boolean() : fc.constant(false))),
      query: queryArb(spec.query?.(fx) ?? fc.constant({})),
      headers: headersArb(cookie),
      body: bodyArb(spec.body?.(fx) ?? fc.constant({}), spec.files ?? []),
      peer: fc.constantFrom('shared' as const, 'fresh' as const),
    })
    .chain((input) =>
      input.rawSegments && Object.keys(input.params).length
        ? fc.constantFrom(...GARBAGE_SEGMENTS).map((g) => ({
            ...input,
            params: Object.fromEntries(Object.keys(input.params).map((k) => [k, g])),
          }))
        : fc.constant(input),
    )
  // The valid shapes as they are, from a well-behaved client: what reaches the deepest code
  // (and the changes of the rows) with the fuzzed values of the shapes.
  const clean: fc.Arbitrary<Input> = fc.record({
    method: fc.constantFrom(...built),
    params: paramsArb,
    rawSegments: fc.constant(false),
    query: (spec.query?.(fx) ?? fc.constant({})).map((q) => ({
      pairs: Object.entries(q).map(([k, v]): [string, string] => [k, formText(v)]),
      tail: '',
    })),
    headers: fc.constant<Headers>([
      ['origin', ORIGIN],
      ...(cookie ? [['cookie', cookie] as [string, string]] : []),
    ]),
    body: (spec.valid?.(fx) ?? spec.body?.(fx) ?? fc.constant({})).map((b): Body => {
      // A form with a real image where the route takes files (register needs its avatar)
      const file = spec.files?.[0]
      if (!file)
        return { kind: 'json', text: jsonText(Object.entries(b)), type: 'application/json' }
      const fields = Object.entries(b).map(([k, v]): [string, string] => [k, formText(v)])
      return {
        kind: 'form',
        fields: [...fields, [file, { kind: 'png', name: 'a.png', type: 'image/png' }]],
        urlencoded: false,
      }
    }),
    peer: fc.constant('fresh' as const),
  })
  return fc.oneof({ weight: 3, arbitrary: fuzzed }, { weight: 1, arbitrary: clean })
}

async function fileOf(part: FilePart, png: Buffer): Promise<File> {
  const bytes =
    part.kind === 'png'
      ? png
      : part.kind === 'garbage'
        ? Buffer.concat([png.subarray(0, 24), Buffer.from('not really an image')])
        : part.kind === 'svg'
          ? Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
          : part.kind === 'text'
            ? Buffer.from('hello')
            : Buffer.alloc(0)
  return new File([new Uint8Array(bytes)], part.name, { type: part.type })
}

export async function buildRequest(path: ApiPath, input: Input, fx: Fixtures): Promise<Request> {
  const pathname = path.replace(/\[(\w+)\]/g, (_, name: string) => {
    const value = input.params[name] ?? ''
    return input.rawSegments ? value : enc(value)
  })
  const search =
    input.query.pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&') + input.query.tail
  const url = new URL(`/api/v1${pathname}${search ? `?${search}` : ''}`, ORIGIN)
  const headers = new Headers()
  for (const [k, v] of input.headers) headers.append(k, v)
  let body: BodyInit | undefined
  const b = input.body
  if (b.kind === 'json') {
    body = b.text
    if (b.type !== null) headers.set('content-type', b.type)
  } else if (b.kind === 'raw') {
    body = new Uint8Array(b.bytes)
    if (b.type !== null) headers.set('content-type', b.type)
  } else if (b.kind === 'form') {
    if (b.urlencoded) {
      body = new URLSearchParams(b.fields.map(([k, v]) => [k, typeof v === 'string' ? v : '']))
    } else {
      const form = new FormData()
      for (const [k, v] of b.fields) {
        if (typeof v === 'string') form.append(k, v)
        else form.append(k, await fileOf(v, fx.png))
      }
      body = form
    }
    if (b.type) headers.set('content-type', b.type)
  }
  const hasBody = input.method !== 'GET' && input.method !== 'HEAD' && body !== undefined
  return new Request(url, { method: input.method, headers, body: hasBody ? body : undefined })
}

// ---------------------------------------------------------------------------------------------
// Calling, with a bound on time

export type Outcome = { status: number; text: string; contentType: string }

export async function callBounded(
  spec: RouteSpec,
  request: Request,
  params: Record<string, string>,
  peer: string,
): Promise<Outcome> {
  const handler = spec.module[request.method]
  if (!handler) throw new Error(`the route module has no ${request.method} export`)
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CALL_TIMEOUT_MS} ms (a hang)`)),
      CALL_TIMEOUT_MS,
    )
  })
  const work = fromAddress(peer, async () => {
    const res = await handler(request, { params: Promise.resolve(params) } as never)
    return {
      status: res.status,
      text: await res.text(),
      contentType: res.headers.get('content-type') ?? '',
    }
  })
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}

// ---------------------------------------------------------------------------------------------
// What may change: every row of every table, compared before and after each property

type Row = Record<string, unknown>
export type Change = { table: string; key: string; before?: Row; after?: Row }
export type RuleCtx = {
  actor?: string
  /** Every value the property sent in a path, query or body field (lower case). */
  touched: Set<string>
  /** Owners of carts and orders, before or after. */
  cartOwner: Map<string, unknown>
  orderOwner: Map<string, unknown>
  fx: Fixtures
}
export type Rule = (c: Change, x: RuleCtx) => boolean
/** Per table, which changes are allowed; a table not listed must not change at all. */
export type Rules = Record<string, Rule>

const rows = (c: Change) => [c.before, c.after].filter((r): r is Row => r !== undefined)

export const any: Rule = () => true
export const inserted: Rule = (c) => c.before === undefined
export const deleted: Rule = (c) => c.after === undefined
/** The row is the actor's (by `column`), before and after. */
export const own =
  (column = 'user_id'): Rule =>
  (c, x) =>
    x.actor !== undefined && rows(c).every((r) => r[column] === x.actor)
/** The row is the one named by an id the property sent (by `column`, the key by default). */
export const touched =
  (column?: string): Rule =>
  (c, x) =>
    rows(c).every((r) => x.touched.has(String(column ? r[column] : c.key).toLowerCase()))
/** An existing row where only these columns differ. */
export const onlyColumns =
  (...columns: string[]): Rule =>
  (c) =>
    c.before !== undefined &&
    c.after !== undefined &&
    Object.keys(c.before).every(
      (k) => columns.includes(k) || JSON.stringify(c.before![k]) === JSON.stringify(c.after![k]),
    )
export const both =
  (...rules: Rule[]): Rule =>
  (c, x) =>
    rules.every((r) => r(c, x))
export const either =
  (...rules: Rule[]): Rule =>
  (c, x) =>
    rules.some((r) => r(c, x))
export const ownCart: Rule = (c, x) =>
  x.actor !== undefined && rows(c).every((r) => x.cartOwner.get(String(r.cart_id)) === x.actor)
export const ownOrder: Rule = (c, x) =>
  x.actor !== undefined && rows(c).every((r) => x.orderOwner.get(String(r.order_id)) === x.actor)
/** A row with these values (a new account is an unverified user, a new order processing). */
export const having =
  (values: Row): Rule =>
  (c) =>
    rows(c).every((r) => Object.entries(values).every(([k, v]) => r[k] === v))
export const tokenOwner: Rule = (c, x) => x.fx.tokenOwners.has(c.key)

/** Merges rule sets: a change is allowed if any of them allows it. */
export function rules(...sets: Rules[]): Rules {
  const out: Rules = {}
  for (const set of sets) {
    for (const [table, rule] of Object.entries(set)) {
      const prev = out[table]
      out[table] = prev ? either(prev, rule) : rule
    }
  }
  return out
}

/**
 * Counters of the rate limits (PostgreSQL keeps them in a table): any caller moves them. New
 * sessions: a login's, and the callers' own (re-made when a run ended them); use moves "last
 * seen" of the caller's session.
 */
const ALWAYS: Rules = {
  rate_limits: any,
  sessions: either(inserted, both(own(), onlyColumns('last_seen_at'))),
}

export type Snapshot = Map<string, Map<string, Row>>

export async function snapshot(): Promise<Snapshot> {
  const db = await getDb()
  const tables = await queryRows<{ name: string; key: string[] | string }>(
    db,
    sql`select c.relname as name,
          array_agg(a.attname::text order by a.attnum) as key
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_index i on i.indrelid = c.oid and i.indisprimary
        join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
        where n.nspname = 'public' and c.relkind = 'r'
        group by c.relname`,
  )
  const all = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public'`,
  )
  // Every table has a primary key; one without would be compared by nothing, so it fails here.
  expect(tables.map((t) => t.name).sort()).toEqual(all.map((t) => t.name).sort())
  const out: Snapshot = new Map()
  for (const t of tables) {
    const key = Array.isArray(t.key) ? t.key : String(t.key).replace(/[{}]/g, '').split(',')
    const found = await queryRows<{ j: string }>(
      db,
      sql.raw(`select row_to_json(t)::text as j from "${t.name}" t`),
    )
    const byKey = new Map<string, Row>()
    for (const { j } of found) {
      const row = JSON.parse(j) as Row
      byKey.set(key.map((k) => String(row[k])).join('|'), row)
    }
    out.set(t.name, byKey)
  }
  return out
}

/** The changes between two snapshots that the rules do not allow. */
export function forbiddenChanges(
  before: Snapshot,
  after: Snapshot,
  allowed: Rules,
  x: Omit<RuleCtx, 'cartOwner' | 'orderOwner'>,
): Change[] {
  const owners = (table: string) => {
    const m = new Map<string, unknown>()
    for (const s of [before, after])
      for (const r of s.get(table)?.values() ?? []) m.set(String(r.id), r.user_id)
    return m
  }
  const ctx: RuleCtx = { ...x, cartOwner: owners('carts'), orderOwner: owners('orders') }
  const all = rules(ALWAYS, allowed)
  const bad: Change[] = []
  for (const [table, was] of before) {
    const now = after.get(table) ?? new Map<string, Row>()
    const rule = all[table]
    for (const key of new Set([...was.keys(), ...now.keys()])) {
      const b = was.get(key)
      const a = now.get(key)
      if (JSON.stringify(b) === JSON.stringify(a)) continue
      const change: Change = { table, key, before: b, after: a }
      if (!rule || !rule(change, ctx)) bad.push(change)
    }
  }
  return bad
}

/** The ids an input named in its path and query (lower case): the rows `touched` allows. */
export function valuesOf(input: Input): string[] {
  const out = [...Object.values(input.params), ...input.query.pairs.map(([, v]) => v)]
  return out.map((v) => v.trim().toLowerCase())
}

// ---------------------------------------------------------------------------------------------
// The property of one route and role

export async function fuzzRoute(path: ApiPath, spec: RouteSpec, fx: Fixtures, role: Role) {
  const actor = role === 'admin' ? fx.admin.id : role === 'shopper' ? fx.shopper.id : undefined
  const touchedIds = new Set<string>()
  // The arbitraries take the cookie as of now; it is re-made (same user) before each run.
  const initial = await actorCookie(fx, role)
  const before = await snapshot()
  const sharedPeer = someAddress()
  const statuses = new Map<number, number>()
  await fc.assert(
    fc.asyncProperty(inputArb(path, spec, fx, initial), async (input) => {
      for (const v of valuesOf(input)) touchedIds.add(v)
      const cookie = await actorCookie(fx, role)
      if (cookie && initial && cookie !== initial) {
        input = {
          ...input,
          headers: input.headers.map(([k, v]) => [
            k,
            k === 'cookie' ? v.replaceAll(initial, cookie) : v,
          ]),
        }
      }
      const request = await buildRequest(path, input, fx)
      const peer = input.peer === 'shared' ? sharedPeer : someAddress()
      const out = await callBounded(spec, request, input.params, peer)
      const where = `${request.method} ${request.url} as ${role}`
      statuses.set(out.status, (statuses.get(out.status) ?? 0) + 1)
      if (process.env.FUZZ_STATS === '2') console.log(out.status, out.text.slice(0, 160))
      expect(out.status, `${where}: ${out.text.slice(0, 300)}`).toBeLessThan(500)
      expect(out.status, where).toBeGreaterThanOrEqual(200)
      if (out.contentType.startsWith('application/json') && request.method !== 'HEAD') {
        expect(() => JSON.parse(out.text), `${where}: the JSON answer parses`).not.toThrow()
      }
    }),
    { numRuns: RUNS, endOnFailure: true, ...SEED },
  )
  if (process.env.FUZZ_STATS) {
    console.log(`${path} ${role}`, JSON.stringify(Object.fromEntries([...statuses].sort())))
  }
  const after = await snapshot()
  await actorCookie(fx, role)
  const bad = forbiddenChanges(before, after, spec.may(role), { actor, touched: touchedIds, fx })
  expect(bad, `rows that ${role} changed through ${path} without the right to`).toEqual([])
}

/** The route files each fuzz file must cover: every method of every path of its half. */
export function expectCoverage(specs: Partial<Record<ApiPath, RouteSpec>>, admin: boolean) {
  const paths = (Object.keys(API_ROUTES) as ApiPath[]).filter((p) => isAdminPath(p) === admin)
  expect(Object.keys(specs).sort()).toEqual([...paths].sort())
  for (const path of paths) {
    for (const method of API_ROUTES[path].methods) {
      expect(typeof specs[path]?.module[method], `${method} ${path}`).toBe('function')
    }
  }
}
