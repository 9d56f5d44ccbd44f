import type { Category, ItemCondition } from '@/lib/enums'

// Catalog constants for server and client alike. Kept apart from schemas.ts so that client
// islands do not pull zod into the browser's bundle.

export const PAGE_SIZE = 8
export const MAX_LIMIT = 100
export const MAX_KEYWORD_LENGTH = 100
export const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating'] as const
export type Sort = (typeof SORTS)[number]

/** The filters of a list, in the units the services use. */
export type ProductFilters = {
  keyword: string
  minPrice?: number
  maxPrice?: number
  minRating?: number
  category?: Category
  itemCondition?: ItemCondition
}

/** An admin's product form sends 1 to this many images (docs/api.md#admin-products). */
export const MAX_PRODUCT_IMAGES = 8
/** The admin products list's sort keys (GET /api/v1/admin/products, /admin/manageproduct). */
export const ADMIN_PRODUCT_SORTS = ['createdAt', 'name', 'price', 'stock'] as const
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number]
