import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { CatalogSync } from '@/components/catalog/catalog-sync'
import { CatalogToolbar } from '@/components/catalog/catalog-toolbar'
import { CATEGORY_COLORS } from '@/components/catalog/category-icons'
import { CategoryStrip } from '@/components/catalog/category-strip'
import { Hero } from '@/components/catalog/hero'
import { Pagination } from '@/components/catalog/pagination'
import { ProductGrid } from '@/components/catalog/product-grid'
import { readProductPage } from '@/lib/products/cached-reads'
import {
  catalogHref,
  decodeViewSegment,
  filtersOfView,
  totalPages,
  type CatalogView,
} from '@/lib/products/catalog-view'
import { PAGE_SIZE } from '@/lib/products/schemas'
import { SITE } from '@/lib/site'

// Home, /products and /products/{keyword}: proxy.ts rewrites each of those URLs, filters
// included, to one segment of this route, so every view is a page of its own in the cache,
// rendered on first request (never at build time) and kept until the catalog changes.
export const dynamicParams = true
export const revalidate = false
export function generateStaticParams() {
  return []
}

type Props = { params: Promise<{ view: string }> }

function describe(view: CatalogView): { title: string; heading: string } {
  if (view.keyword) {
    return { title: `Results for “${view.keyword}”`, heading: `Results for “${view.keyword}”` }
  }
  if (view.categoryName)
    return { title: `${view.categoryName} – shop the range`, heading: view.categoryName }
  if (view.kind === 'home') return { title: '', heading: 'Latest products' }
  return { title: 'All products', heading: 'All products' }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const view = decodeViewSegment((await params).view)
  const { title } = describe(view)
  const paged = view.page > 1 ? ` – page ${view.page}` : ''
  return {
    ...(title || paged ? { title: `${title || SITE.name}${paged}` } : {}),
    description: view.keyword
      ? `${SITE.name} products matching “${view.keyword}”: prices, ratings and stock.`
      : `${SITE.tagline} Browse ${view.categoryName || 'electronics, fashion, furniture and more'}.`,
    alternates: { canonical: catalogHref(view) },
  }
}

function shuffled<T>(items: readonly T[]): T[] {
  // Random per render on the server and sent down as props: no hydration mismatch.
  return items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item)
}

export default async function CatalogPage({ params }: Props) {
  const view = decodeViewSegment((await params).view)
  const result = await readProductPage({
    filters: filtersOfView(view),
    page: view.page,
    limit: PAGE_SIZE,
    sort: view.sort || undefined,
  })
  const pages = totalPages(result.filteredProductsCount)
  // A page past the last (an old link, a hand-edited URL) is not the list: 404, cached like the
  // view itself, with a link back to the first page (./not-found.tsx).
  if (view.page > pages) notFound()
  const home = view.kind === 'home'
  const Heading = home && view.page === 1 ? 'h2' : 'h1'
  return (
    <>
      {home && view.page === 1 && <Hero />}
      {home && (
        <section aria-label="Shop by category" className="mx-auto max-w-shop px-4 pt-4">
          <CategoryStrip colors={shuffled(CATEGORY_COLORS)} />
        </section>
      )}
      <section id="products" className="mx-auto max-w-shop scroll-mt-20 px-4 pt-4 pb-8 sm:pt-6">
        <CatalogToolbar
          view={view}
          count={result.filteredProductsCount}
          heading={
            // The hero holds the page's h1 on the first home page. A long search term wraps
            // instead of widening the page.
            <Heading className="text-2xl font-bold wrap-anywhere">{describe(view).heading}</Heading>
          }
        />
        <ProductGrid
          products={result.products}
          headingLevel={Heading === 'h1' ? 2 : 3}
          // The first two cards load first on every view, the home page too: below the hero, the
          // first card is still in a phone's first screen and is its largest paint (Lighthouse
          // mobile found it loading lazily, a second after the page).
          priorityCount={2}
        />
        <Pagination view={view} totalPages={pages} />
      </section>
      <CatalogSync view={view} totalPages={pages} />
    </>
  )
}
