import { ShopLink } from '@/components/layout/shop-link'
import { CATEGORIES } from '@/lib/enums'
import {
  CATEGORY_COLORS,
  CategoryIcon,
  categoryHref,
  MISC_CATEGORY_COLOR,
  STOREFRONT_CATEGORIES,
} from './category-icons'

/**
 * The categories page: a big tile per category. `colors` is a permutation of CATEGORY_COLORS
 * for the 10 storefront categories; MISCELLANEOUS keeps a neutral colour of its own.
 */
export function CategoryGrid({ colors }: { colors: readonly string[] }) {
  const storefront: readonly string[] = STOREFRONT_CATEGORIES
  const tiles = [...STOREFRONT_CATEGORIES, ...CATEGORIES.filter((c) => !storefront.includes(c))]
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {tiles.map((name, i) => (
        <li key={name} className="grid">
          <ShopLink
            pending="list"
            href={categoryHref(name)}
            className="group flex min-h-36 flex-col items-center justify-center gap-3 rounded-2xl p-3 text-center text-ink shadow-sm ring-1 ring-black/5 transition hover:-translate-y-0.5 hover:shadow-md sm:p-4"
            style={{
              backgroundColor:
                name === 'MISCELLANEOUS' ? MISC_CATEGORY_COLOR : (colors[i] ?? CATEGORY_COLORS[i]),
            }}
          >
            <span className="flex size-16 items-center justify-center rounded-full bg-white/60">
              <CategoryIcon category={name} className="size-9" />
            </span>
            <span className="text-sm font-bold break-words sm:text-lg">{name}</span>
          </ShopLink>
        </li>
      ))}
    </ul>
  )
}
