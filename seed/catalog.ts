import 'server-only'
// The demo catalog, read from seed/data/: products.json (147 products in 11 categories) and
// shoppers.json (the people who write the demo reviews). The files are data, edited as data; this
// module checks them when it is loaded, so a mistyped category, kind or price fails the seed (and
// the unit tests) with the entry's position instead of reaching the shop. Brands are invented on
// purpose: the demo must not suggest endorsement by real companies.
import { CATEGORIES, ITEM_CONDITIONS } from '@/lib/enums'
import { z } from '@/lib/zod'
import { PRODUCT_KINDS, type ProductKind } from './pictures/product-shapes'
import products from './data/products.json'
import shoppers from './data/shoppers.json'

const DemoProductSchema = z.strictObject({
  name: z.string().min(1).max(200),
  category: z.enum(CATEGORIES),
  /** What the product is, whatever its category: picks its drawing and the words of its reviews. */
  kind: z.enum(PRODUCT_KINDS as [ProductKind, ...ProductKind[]]),
  price: z.number().positive(),
  stock: z.number().int().nonnegative(),
  itemCondition: z.enum(ITEM_CONDITIONS),
  description: z.string().min(1),
})

const DemoShopperSchema = z.strictObject({ name: z.string().min(1), email: z.email() })

export type DemoProduct = z.infer<typeof DemoProductSchema>
export type DemoShopper = z.infer<typeof DemoShopperSchema>

/** Grouped by category; the seed decides the insertion order. */
export const DEMO_PRODUCTS: readonly DemoProduct[] = z.array(DemoProductSchema).parse(products)

export const DEMO_SHOPPERS: readonly DemoShopper[] = z.array(DemoShopperSchema).parse(shoppers)
