import 'server-only'
import { revalidateTag, unstable_cache } from 'next/cache'

// Catalog reads are cached at run time under these tags; services that change products,
// reviews or stock call `invalidateCatalog`, which expires them at once (no stale reads after a
// change). Outside the Next server (tests, scripts) there is no cache and reads go straight
// through.

export const CACHE_TAGS = {
  /** Every list, count and facet of the catalog. */
  catalog: 'catalog',
  /** One product's details and reviews. */
  product: (id: string) => `product:${id}`,
} as const

const inNextServer = () => process.env.NEXT_RUNTIME === 'nodejs'

export function cachedRead<A extends unknown[], R>(
  name: string,
  read: (...args: A) => Promise<R>,
  tags: (...args: A) => string[],
): (...args: A) => Promise<R> {
  return (...args: A) => {
    if (!inNextServer()) return read(...args)
    return unstable_cache(() => read(...args), [name, JSON.stringify(args)], {
      tags: tags(...args),
      revalidate: false,
    })()
  }
}

export function invalidateCatalog(productIds: string[] = []): void {
  if (!inNextServer()) return
  for (const tag of [CACHE_TAGS.catalog, ...productIds.map(CACHE_TAGS.product)]) {
    revalidateTag(tag, { expire: 0 })
  }
}
