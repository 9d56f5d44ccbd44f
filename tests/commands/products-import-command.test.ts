import fs from 'node:fs'
import path from 'node:path'
import { eq, like } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { getDb } from '@/lib/db/client'
import { products } from '@/lib/db/schema'
import { commandShop, runNpmScript } from '../support/commands'
import { listenForCacheNotices } from '../support/cache-notices'
import { testEngine } from '../support/engines'
import { createProduct } from '../factories'

// `npm run products:import` run for real (a spawned process) against a fresh shop database of
// the project's engine: the same checks and transaction as the admin screen's import.

const engine = testEngine()
const shop = commandShop('shop-import-cmd-', { DEMO_MODE: 'false' })
const { dataDir, onShopDatabase } = shop

const HEADER =
  'id,name,description,category,price,stock,itemCondition,images,ratings,numberOfReviews,createdAt'

function file(name: string, rows: string[]): string {
  const where = path.join(dataDir, name)
  fs.writeFileSync(where, [HEADER, ...rows].join('\n') + '\n')
  return where
}

const command = (args: string[]) => runNpmScript('products:import', args, { env: shop.settings })

const imported = () =>
  onShopDatabase(async () =>
    (await getDb())
      .select({ name: products.name, priceCents: products.priceCents, stock: products.stock })
      .from(products)
      .where(like(products.name, 'Cli %'))
      .orderBy(products.name),
  )

describe('npm run products:import', () => {
  it('checks, refuses with line numbers, dry-runs and imports, showing the rows read', async () => {
    const broken = file('broken.csv', [
      ',Cli Kettle,Boils.,Households,24.50,7,New,,,,',
      ',Cli Toaster,Toasts.,Kitchen,19.00,3,New,,,,',
    ])
    const refused = await command([broken])
    expect(refused.code).toBe(1)
    expect(refused.stdout).toContain('2 rows, 1 to create, 0 to update, 1 refused.')
    expect(refused.stdout).toContain('line 3: category must be one of')
    expect(refused.stdout).toContain('Nothing was imported')
    expect(refused.stderr).toContain('Rows read: 2')

    const fixed = file('fixed.csv', [
      ',Cli Kettle,Boils.,Households,24.50,7,New,,,,',
      ',Cli Toaster,Toasts.,Households,19.00,3,New,,,,',
    ])
    const dry = await command([fixed, '--dry-run'])
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain('2 rows, 2 to create, 0 to update, 0 refused.')
    expect(dry.stdout).toContain('A dry run: nothing was written')
    expect(await imported()).toEqual([])

    const applied = await command([fixed])
    expect(applied.stderr).toContain('Rows read: 2')
    expect(applied.code).toBe(0)
    expect(applied.stdout).toContain('Imported into')
    expect(applied.stdout).toContain('2 created, 0 updated.')
    expect(await imported()).toEqual([
      { name: 'Cli Kettle', priceCents: 2450, stock: 7 },
      { name: 'Cli Toaster', priceCents: 1900, stock: 3 },
    ])
  }, 240_000)

  it('updates by id, and on PostgreSQL tells the running shops', async () => {
    const made = await onShopDatabase(() => createProduct({ name: 'Cli Lamp', stock: 1 }))
    const notices = shop.settings.DATABASE_URL
      ? await listenForCacheNotices(shop.settings.DATABASE_URL)
      : undefined
    const res = await command([
      file('update.csv', [`${made.id},Cli Lamp,Bright.,Households,5.00,9,New,,,,`]),
    ])
    expect(res.code).toBe(0)
    expect(res.stdout).toContain('0 created, 1 updated.')
    const [row] = await onShopDatabase(async () =>
      (await getDb()).select().from(products).where(eq(products.id, made.id)),
    )
    expect(row).toMatchObject({ stock: 9, priceCents: 500 })
    if (notices) {
      await vi.waitFor(() =>
        expect(notices.heard.map((p) => JSON.parse(p))).toContainEqual([
          'catalog',
          `product:${made.id}`,
        ]),
      )
      await notices.stop()
    }
  }, 240_000)

  it('refuses a missing file, and a file that is no CSV of ours, clearly', async () => {
    const missing = await command([path.join(dataDir, 'nope.csv')])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('Cannot read')
    const none = await command([])
    expect(none.code).toBe(1)
    expect(none.stderr).toContain('Which file?')
    const bad = path.join(dataDir, 'bad.csv')
    fs.writeFileSync(bad, 'name,colour\n')
    const res = await command([bad])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('unknown column "colour"')
  }, 240_000)

  it(
    engine === 'pglite'
      ? 'stops while the shop holds the embedded database, saying to stop the shop first'
      : 'on PostgreSQL, works while a shop runs (no DATA_DIR lock)',
    async () => {
      const csv = file('running.csv', [',Cli Running Clock,Ticks.,Households,3.00,1,New,,,,'])
      await onShopDatabase(async () => {
        const res = await command([csv])
        if (engine === 'pglite') {
          expect(res.code).toBe(1)
          expect(res.stderr).toContain(`The shop is running on the embedded database in ${dataDir}`)
          expect(res.stderr).toContain('Stop it first')
        } else {
          expect(res.code).toBe(0)
        }
      })
      const names = (await imported()).map((p) => p.name)
      expect(names.includes('Cli Running Clock')).toBe(engine === 'postgres')
    },
    240_000,
  )
})
