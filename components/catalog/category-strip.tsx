import { ShopLink } from '@/components/layout/shop-link'
import {
  CATEGORY_COLORS,
  CategoryIcon,
  categoryHref,
  STOREFRONT_CATEGORIES,
} from './category-icons'

/**
 * The home page's row of categories. `colors` is a permutation of CATEGORY_COLORS chosen on the
 * server, so the server's HTML and the hydrated page agree. A choice goes to
 * /products?category=…, where the product store takes the category from the URL (CatalogSync).
 */
export function CategoryStrip({ colors }: { colors: readonly string[] }) {
  return (
    <nav aria-label="Categories">
      {/* Scrolls sideways on phones (the links are focusable, so keyboards scroll it too). */}
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pt-1 pb-2 lg:mx-0 lg:flex-wrap lg:justify-center lg:overflow-visible lg:px-0">
        {STOREFRONT_CATEGORIES.map((name, i) => (
          <li key={name} className="shrink-0 snap-start">
            <ShopLink
              pending="list"
              href={categoryHref(name)}
              className="group flex w-20 flex-col items-center gap-1.5 rounded-lg p-1 text-center text-sm font-medium text-ink hover:text-brand-700"
            >
              <span
                className="flex size-12 items-center justify-center rounded-full text-ink shadow-sm ring-1 ring-black/5 transition group-hover:scale-105 group-hover:shadow-md"
                style={{ backgroundColor: colors[i] ?? CATEGORY_COLORS[i] }}
              >
                <CategoryIcon category={name} className="size-6" />
              </span>
              {name}
            </ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
