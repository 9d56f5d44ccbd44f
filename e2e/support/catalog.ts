import type { APIRequestContext } from '@playwright/test'

export type ApiProduct = {
  _id: string
  name: string
  price: number
  stock: number
  category: string
  ratings: number
  numberOfReviews: number
  images: { url: string }[]
}

/** Every product of the demo catalog, through the public API. */
export async function allProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const out: ApiProduct[] = []
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/v1/products?limit=100&page=${page}`)
    const body = (await res.json()) as { products: ApiProduct[]; filteredProductsCount: number }
    out.push(...body.products)
    if (out.length >= body.filteredProductsCount || body.products.length === 0) return out
  }
}

// The end-to-end suite changes MISCELLANEOUS products only (e2e/operations/cache.spec.ts); other specs pick
// from the rest so that tests running side by side never see each other's changes.
export const MUTABLE_CATEGORY = 'MISCELLANEOUS'

export async function findProduct(
  request: APIRequestContext,
  test: (p: ApiProduct) => boolean,
): Promise<ApiProduct> {
  const found = (await allProducts(request)).find((p) => p.category !== MUTABLE_CATEGORY && test(p))
  if (!found) throw new Error('No demo product matches')
  return found
}
