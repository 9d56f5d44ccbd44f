import 'server-only'
import { desc, eq, sql } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { products } from '@/lib/db/schema'
import { toDollars } from '@/lib/money'

// What a product card shows, in the API's field names.
export type ProductCard = {
  _id: string
  name: string
  price: number
  category: string
  ratings: number
  numberOfReviews: number
  stock: number
  images: { url: string; public_id: string }[]
}

// Written out with aliases: inside a one-table select Drizzle leaves columns unqualified, and an
// unqualified "id" here would mean the image's id, not the product's.
const firstImageColumn = (column: 'url' | 'public_id') =>
  sql<string | null>`(select ${sql.raw(`pi.${column}`)} from product_images pi
    where pi.product_id = products.id order by pi.position limit 1)`

/** The newest products that are for sale, with their first image. */
export async function listNewestProducts({ limit }: { limit: number }): Promise<ProductCard[]> {
  const db = await getDb()
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      category: products.category,
      ratings: products.ratings,
      numberOfReviews: products.numberOfReviews,
      stock: products.stock,
      imageUrl: firstImageColumn('url'),
      imagePublicId: firstImageColumn('public_id'),
    })
    .from(products)
    .where(eq(products.archived, false))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    price: toDollars(r.priceCents),
    category: r.category,
    ratings: r.ratings,
    numberOfReviews: r.numberOfReviews,
    stock: r.stock,
    images: r.imageUrl ? [{ url: r.imageUrl, public_id: r.imagePublicId ?? '' }] : [],
  }))
}
