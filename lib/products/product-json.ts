import 'server-only'
import { sql } from 'drizzle-orm'
import type { Category, ItemCondition } from '@/lib/enums'
import { products } from '@/lib/db/schema'
import { toDollars } from '@/lib/money'

// The Product shape of docs/api.md#shapes, JSON-safe (dates as ISO strings) so it can be cached
// as is.
export type ImageJson = { url: string; public_id: string }

export type ProductJson = {
  _id: string
  name: string
  description: string
  price: number
  category: Category
  stock: number
  itemCondition: ItemCondition
  images: ImageJson[]
  ratings: number
  numberOfReviews: number
  createdAt: string
}

/**
 * A product's images in display order, as one JSON column of the product's row. Written with an
 * explicit "products".id: in a one-table select Drizzle leaves columns unqualified, and a bare
 * "id" inside this subquery would be the image's.
 */
export const imagesColumn = sql<ImageJson[]>`(
  select coalesce(json_agg(json_build_object('url', pi.url, 'public_id', pi.public_id)
    order by pi.position), '[]'::json)
  from product_images pi where pi.product_id = "products"."id")`

export const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  category: products.category,
  stock: products.stock,
  itemCondition: products.itemCondition,
  ratings: products.ratings,
  numberOfReviews: products.numberOfReviews,
  createdAt: products.createdAt,
  images: imagesColumn,
}

type ProductRow = {
  id: string
  name: string
  description: string
  priceCents: number
  category: string
  stock: number
  itemCondition: ItemCondition
  ratings: number
  numberOfReviews: number
  createdAt: Date | string
  images: ImageJson[] | string
}

export function toProductJson(r: ProductRow): ProductJson {
  return {
    _id: r.id,
    name: r.name,
    description: r.description,
    price: toDollars(r.priceCents),
    category: r.category as Category,
    stock: r.stock,
    itemCondition: r.itemCondition,
    images: typeof r.images === 'string' ? (JSON.parse(r.images) as ImageJson[]) : r.images,
    ratings: Number(r.ratings),
    numberOfReviews: r.numberOfReviews,
    createdAt: new Date(r.createdAt).toISOString(),
  }
}
