import { randomBytes } from 'node:crypto'
import { getDb } from '@/lib/db/client'
import { products, users } from '@/lib/db/schema'

// Rows for tests, with sensible defaults and unique values.
const unique = () => randomBytes(4).toString('hex')

export async function createUser(values: Partial<typeof users.$inferInsert> = {}) {
  const db = await getDb()
  const [user] = await db
    .insert(users)
    .values({
      name: 'Test Shopper',
      email: `shopper-${unique()}@example.com`,
      passwordHash: 'not-a-real-hash',
      verified: true,
      ...values,
    })
    .returning()
  return user!
}

export async function createProduct(values: Partial<typeof products.$inferInsert> = {}) {
  const db = await getDb()
  const [product] = await db
    .insert(products)
    .values({
      name: `Test Product ${unique()}`,
      description: 'A product made by a test.',
      priceCents: 2500,
      category: 'Households',
      stock: 10,
      ...values,
    })
    .returning()
  return product!
}

/** A shipping address the order schema accepts. */
export const SHIPPING = {
  address: '7 Juhu Tara Road',
  state: 'Maharashtra',
  country: 'India',
  pinCode: '400049',
  phoneNumber: '9123456780',
}
