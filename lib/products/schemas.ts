import { z } from '@/lib/zod'
import { CATEGORIES, ITEM_CONDITIONS } from '@/lib/enums'
import { MAX_PRICE } from './catalog-view'
import { MAX_KEYWORD_LENGTH, MAX_LIMIT, PAGE_SIZE, SORTS, type ProductFilters } from './constants'

// The query of GET /api/v1/products (docs/api.md#catalog), shared by the handler, the pages and
// the filter UI. Unknown parameters are ignored; malformed ones are a 400 naming the parameter.

export { MAX_KEYWORD_LENGTH, MAX_LIMIT, PAGE_SIZE, SORTS, type Sort } from './constants'
export type { ProductFilters } from './constants'

// Plain decimal notation only: Number() would also take "0x10", "0b1" and "0o7".
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i

const number = (name: string) =>
  z
    .string()
    .trim()
    .refine((v) => DECIMAL.test(v) && Number.isFinite(Number(v)), {
      message: `${name} must be a number`,
    })
    .transform(Number)

const integer = (name: string, min: number, max: number) =>
  number(name).refine((v) => Number.isInteger(v) && v >= min && v <= max, {
    message: `${name} must be a whole number from ${min} to ${max}`,
  })

// Dollars within what a product can cost: the bound becomes cents in an integer column, and a
// larger number would overflow the query instead of matching everything.
const priceBound = (name: string) =>
  number(name)
    .refine((v) => v >= 0 && v <= MAX_PRICE, {
      message: `${name} must be from 0 to ${MAX_PRICE}`,
    })
    .optional()

/** One of a fixed list, matched case-insensitively and answered in its canonical spelling. */
const oneOf = <T extends string>(name: string, values: readonly T[]) =>
  z
    .string()
    .trim()
    .transform((v, ctx): T | undefined => {
      if (v === '') return undefined
      const match = values.find((c) => c.toLowerCase() === v.toLowerCase())
      if (match === undefined) {
        ctx.addIssue({ code: 'custom', message: `${name} must be one of ${values.join(', ')}` })
        return z.NEVER
      }
      return match
    })

export const ProductQuerySchema = z.object({
  page: integer('page', 1, 1_000_000).default(1),
  limit: integer('limit', 1, MAX_LIMIT).default(PAGE_SIZE),
  keyword: z
    .string()
    // Whitespace around a keyword is never meant; inside it is literal text like the rest.
    .transform((v) => v.trim())
    .refine((v) => v.length <= MAX_KEYWORD_LENGTH, {
      message: `keyword must be at most ${MAX_KEYWORD_LENGTH} characters`,
    })
    .default(''),
  'price[gte]': priceBound('price[gte]'),
  'price[lte]': priceBound('price[lte]'),
  'ratings[gte]': number('ratings[gte]')
    .refine((v) => v >= 0 && v <= 5, { message: 'ratings[gte] must be from 0 to 5' })
    .optional(),
  category: oneOf('category', CATEGORIES).optional(),
  itemCondition: oneOf('itemCondition', ITEM_CONDITIONS).optional(),
  sort: z.enum(SORTS, { message: `sort must be one of ${SORTS.join(', ')}` }).optional(),
})

export type ProductQuery = z.output<typeof ProductQuerySchema>

export function filtersOf(q: ProductQuery): ProductFilters {
  return {
    keyword: q.keyword,
    minPrice: q['price[gte]'],
    maxPrice: q['price[lte]'],
    minRating: q['ratings[gte]'],
    category: q.category,
    itemCondition: q.itemCondition,
  }
}

/** Reads the known parameters of a query string (first value of each). */
export function productQueryInput(params: URLSearchParams): Record<string, string> {
  const input: Record<string, string> = {}
  for (const key of Object.keys(ProductQuerySchema.shape)) {
    const value = params.get(key)
    if (value !== null) input[key] = value
  }
  return input
}

// The fields an admin may set on a product (docs/api.md#admin-products); nothing else is taken
// from the request. Multipart forms send strings, JSON clients numbers: both are accepted.
const formNumber = (name: string) =>
  z
    .union([z.number(), z.string().trim().min(1, `${name} is required`)])
    .pipe(z.coerce.number({ message: `${name} must be a number` }))

export const ProductInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'name is required')
    .max(200, 'name must be at most 200 characters'),
  description: z
    .string()
    .trim()
    .min(1, 'description is required')
    .max(5000, 'description must be at most 5,000 characters'),
  // Whole cents, compared with a tolerance: 555.55 * 100 is 55554.999… in floating point. At
  // least one cent: a tiny positive number (1e-39) is within the tolerance of 0 cents.
  price: formNumber('price').refine(
    (v) =>
      v > 0 &&
      v <= MAX_PRICE &&
      Math.round(v * 100) >= 1 &&
      Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
    {
      message: 'price must be more than 0, in dollars with at most 2 decimals',
    },
  ),
  stock: formNumber('stock').refine((v) => Number.isInteger(v) && v >= 0 && v <= 1_000_000, {
    message: 'stock must be a whole number, 0 or more',
  }),
  category: z.enum(CATEGORIES, { message: `category must be one of ${CATEGORIES.join(', ')}` }),
  itemCondition: z.enum(ITEM_CONDITIONS, { message: 'itemCondition must be New or Renewed' }),
})

export type ProductInput = z.output<typeof ProductInputSchema>

// PUT /api/v1/product/updatestock (docs/api.md#catalog): validated, then nothing
// changes; stock was reserved when the order was placed.
export const UpdateStockSchema = z.object({
  productId: z.string({ message: 'productId is required' }).trim().min(1, 'productId is required'),
  quantityShipped: formNumber('quantityShipped').refine(
    (v) => Number.isInteger(v) && v >= 1 && v <= 1_000_000,
    { message: 'quantityShipped must be a whole number, 1 or more' },
  ),
})
