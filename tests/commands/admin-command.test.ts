import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { GET as listUsers } from '@/app/api/v1/admin/getAllUser/route'
import { POST as login } from '@/app/api/v1/login/route'
import { getDb } from '@/lib/db/client'
import { orders, products, reviews, users } from '@/lib/db/schema'
import {
  apiRequest,
  cookiesFrom,
  fromAddress,
  routeContext,
  someAddress,
} from '../support/accounts'
import { commandShop, runNpmScript } from '../support/commands'
import { listenForCacheNotices } from '../support/cache-notices'
import { testEngine } from '../support/engines'
import { SHIPPING, createProduct, createUser } from '../factories'

// `npm run admin` run for real (a spawned process, the password piped on standard input) against
// a fresh shop database of the project's engine: the embedded one in a new DATA_DIR, or a new
// PostgreSQL database. The admin it creates then signs in through the API.

const engine = testEngine()
const shop = commandShop('shop-admin-cmd-')
const { dataDir, onShopDatabase } = shop

const admin = (args: string[], input?: string, extra: Record<string, string> = {}) =>
  runNpmScript('admin', args, { env: { ...shop.settings, ...extra }, input })

const row = (email: string) =>
  onShopDatabase(async () => {
    const [user] = await (await getDb()).select().from(users).where(eq(users.email, email))
    return user
  })

const PASSWORD = 'quiet-lantern-48'
const none = routeContext({})

describe('npm run admin', () => {
  it('refuses what signup refuses, and a password on the command line', async () => {
    const args = ['create', '--email', 'ada@example.com', '--name', 'Ada Lovelace']
    const common = await admin(args, 'password1\n')
    expect(common.code).toBe(1)
    expect(common.stderr).toContain('This password is too common')
    const short = await admin(args, 'short\n')
    expect(short.code).toBe(1)
    expect(short.stderr).toContain('Password must be at least 8 characters')
    const badName = await admin(
      ['create', '--email', 'ada@example.com', '--name', 'Al'],
      `${PASSWORD}\n`,
    )
    expect(badName.code).toBe(1)
    expect(badName.stderr).toContain('Name must be 4 to 30 characters')
    const onLine = await admin([...args, '--password', PASSWORD])
    expect(onLine.code).toBe(1)
    expect(onLine.stderr).toContain('never taken from the command line')
    const usage = await admin(['frobnicate'])
    expect(usage.code).toBe(1)
    expect(usage.stderr).toContain('Usage:')
    // Refused before the database was touched: on a fresh DATA_DIR, none was created.
    if (engine === 'pglite') expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false)
    else expect(await row('ada@example.com')).toBeUndefined()
  }, 240_000)

  it('creates a verified admin, not a demo account, who signs in through the API', async () => {
    const created = await admin(
      ['create', '--email', ' Ada@Example.com', '--name', 'Ada Lovelace'],
      `${PASSWORD}\n`,
    )
    expect(created.stderr).toBe('')
    expect(created.code).toBe(0)
    expect(created.stdout).toContain('Created the admin ada@example.com (Ada Lovelace)')
    expect(created.stdout + created.stderr).not.toContain(PASSWORD)

    const again = await admin(
      ['create', '--email', 'ada@example.com', '--name', 'Ada Again'],
      `${PASSWORD}\n`,
    )
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('npm run admin -- promote --email ada@example.com')

    await onShopDatabase(async () => {
      const res = await fromAddress(someAddress(), () =>
        login(
          apiRequest('/api/v1/login', {
            method: 'POST',
            json: { email: 'ada@example.com', password: PASSWORD },
          }),
          none,
        ),
      )
      expect(res.status).toBe(200)
      expect((await res.json()).user).toMatchObject({ email: 'ada@example.com', role: 'admin' })
      const list = await listUsers(
        apiRequest('/api/v1/admin/getAllUser', { cookie: cookiesFrom(res) }),
        none,
      )
      expect(list.status).toBe(200)
    })
    expect(await row('ada@example.com')).toMatchObject({
      role: 'admin',
      verified: true,
      demo: false,
      name: 'Ada Lovelace',
    })
  }, 240_000)

  it('promotes and demotes, but never the last admin', async () => {
    await onShopDatabase(() => createUser({ email: 'bob@example.com', name: 'Bob Builder' }))
    const promoted = await admin(['promote', '--email', 'bob@example.com'])
    expect(promoted.code).toBe(0)
    expect(promoted.stdout).toContain('bob@example.com is now an admin')
    expect((await row('bob@example.com'))?.role).toBe('admin')

    const demoted = await admin(['demote', '--email', 'ada@example.com'])
    expect(demoted.code).toBe(0)
    expect(demoted.stdout).toContain('ada@example.com is no longer an admin')
    const last = await admin(['demote', '--email', 'bob@example.com'])
    expect(last.code).toBe(1)
    expect(last.stderr).toContain('The last admin cannot be demoted')
    expect((await row('bob@example.com'))?.role).toBe('admin')

    const unknown = await admin(['promote', '--email', 'nobody@example.com'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('No account has the e-mail nobody@example.com')
  }, 240_000)

  it('removes the demo accounts once demo mode is off; their orders stay', async () => {
    const { orderId, productId } = await onShopDatabase(async () => {
      const db = await getDb()
      await createUser({ email: 'demo-admin@example.com', role: 'admin', demo: true })
      const shopper = await createUser({ email: 'demo-shopper@example.com', demo: true })
      const other = await createUser({ email: 'carol@example.com' })
      const [order] = await db
        .insert(orders)
        .values({
          ...SHIPPING,
          userId: shopper.id,
          itemsCents: 100,
          shippingCents: 0,
          totalCents: 100,
        })
        .returning()
      // A product the demo shopper and a real shopper reviewed: 1 and 5 stars, 3.0 on average.
      const product = await createProduct({ ratings: 3, numberOfReviews: 2 })
      await db.insert(reviews).values([
        { productId: product.id, userId: shopper.id, rating: 1, comment: 'Demo review.' },
        { productId: product.id, userId: other.id, rating: 5, comment: 'Real review.' },
      ])
      return { orderId: order!.id, productId: product.id }
    })
    const inDemoMode = await admin(['remove-demo'], undefined, { DEMO_MODE: 'true' })
    expect(inDemoMode.code).toBe(1)
    expect(inDemoMode.stderr).toContain('Set DEMO_MODE=false first')
    expect(await row('demo-shopper@example.com')).toBeDefined()

    // On PostgreSQL the running shops hear of the change (lib/cache/cache-handler.cjs listens).
    const notices = shop.settings.DATABASE_URL
      ? await listenForCacheNotices(shop.settings.DATABASE_URL)
      : undefined
    const removed = await admin(['remove-demo'], undefined, { DEMO_MODE: 'false' })
    expect(removed.stderr).toBe('')
    expect(removed.code).toBe(0)
    expect(removed.stdout).toContain(
      'Removed 2 demo accounts (demo-admin@example.com, demo-shopper@example.com)',
    )
    expect(await row('demo-admin@example.com')).toBeUndefined()
    expect(await row('demo-shopper@example.com')).toBeUndefined()
    expect((await row('bob@example.com'))?.role).toBe('admin')
    const [order] = await onShopDatabase(async () =>
      (await getDb()).select().from(orders).where(eq(orders.id, orderId)),
    )
    expect(order).toMatchObject({ id: orderId, userId: null, totalCents: 100 })
    // The demo shopper's review went, and the product's figures with it.
    const [product] = await onShopDatabase(async () =>
      (await getDb()).select().from(products).where(eq(products.id, productId)),
    )
    expect(product).toMatchObject({ ratings: 5, numberOfReviews: 1 })
    if (notices) {
      await vi.waitFor(() =>
        expect(notices.heard.map((p) => JSON.parse(p))).toContainEqual([
          'catalog',
          `product:${productId}`,
        ]),
      )
      await notices.stop()
    }

    const again = await admin(['remove-demo'], undefined, { DEMO_MODE: 'false' })
    expect(again.code).toBe(0)
    expect(again.stdout).toContain('No demo accounts')
    const withEmail = await admin(['remove-demo', '--email', 'bob@example.com'])
    expect(withEmail.code).toBe(1)
    expect(withEmail.stderr).toContain('remove-demo takes no --email or --name')
  }, 240_000)

  it(
    engine === 'pglite'
      ? 'stops while the shop holds the embedded database, saying to stop the shop first'
      : 'on PostgreSQL, works while a shop runs (no DATA_DIR lock)',
    async () => {
      await onShopDatabase(async () => {
        // This process now holds the database as a running shop would.
        const res = await admin(['promote', '--email', 'ada@example.com'])
        if (engine === 'pglite') {
          expect(res.code).toBe(1)
          expect(res.stderr).toContain(`The shop is running on the embedded database in ${dataDir}`)
          expect(res.stderr).toContain('Stop it first')
        } else {
          expect(res.code).toBe(0)
        }
      })
      expect((await row('ada@example.com'))?.role).toBe(engine === 'pglite' ? 'user' : 'admin')
    },
    240_000,
  )
})
