import { IconSvg } from '@/components/ui/icons'
import type { ReactNode } from 'react'
import type { Category } from '@/lib/enums'

export { STOREFRONT_CATEGORIES, type StorefrontCategory } from '@/lib/enums'
export { categoryHref } from '@/lib/products/catalog-view'

/**
 * The 10 decorative colours of docs/product.md "Home" (Tailwind's 200 shades). They are tile
 * backgrounds: ink (#0f172a) icons and text on any of them reach at least 11.9:1, ink-muted at
 * least 5:1.
 */
export const CATEGORY_COLORS = [
  '#fecaca',
  '#fed7aa',
  '#fde68a',
  '#d9f99d',
  '#a7f3d0',
  '#a5f3fc',
  '#bfdbfe',
  '#c7d2fe',
  '#e9d5ff',
  '#fbcfe8',
] as const

/** The tile colour of MISCELLANEOUS, outside the 10 so it never repeats another tile's. */
export const MISC_CATEGORY_COLOR = '#e2e8f0'

const PATHS: Record<Category, ReactNode> = {
  Phone: (
    <>
      <rect x="7" y="2" width="10" height="20" rx="2" />
      <path d="M11 18h2" />
    </>
  ),
  Laptop: (
    <>
      <rect x="4" y="5" width="16" height="11" rx="1.5" />
      <path d="M2 19h20" />
    </>
  ),
  Fashion: <path d="M8 3 3 6l2 4 3-1.5V21h8V8.5l3 1.5 2-4-5-3c-.5 1.5-2 2.5-4 2.5S8.5 4.5 8 3z" />,
  Households: (
    <>
      <rect x="4" y="2" width="16" height="20" rx="2" />
      <circle cx="12" cy="13" r="5" />
      <path d="M7.5 5.5h.01M10.5 5.5h6" />
    </>
  ),
  Watches: (
    <>
      <circle cx="12" cy="12" r="6" />
      <path d="M12 9.5V12l1.5 1.5M9 6.7 9.5 2h5l.5 4.7M9 17.3l.5 4.7h5l.5-4.7" />
    </>
  ),
  Furniture: (
    <>
      <path d="M5 11V8a3 3 0 0 1 3-3h8a3 3 0 0 1 3 3v3" />
      <path d="M3 13a2 2 0 0 1 4 0v2h10v-2a2 2 0 0 1 4 0v5H3z" />
      <path d="M5 18v2M19 18v2" />
    </>
  ),
  Toys: (
    <>
      <circle cx="12" cy="13" r="7" />
      <circle cx="6" cy="6" r="2.5" />
      <circle cx="18" cy="6" r="2.5" />
      <circle cx="12" cy="16" r="2" />
      <path d="M9.5 11.5h.01M14.5 11.5h.01" />
    </>
  ),
  Sound: (
    <>
      <path d="M4 15v-3a8 8 0 0 1 16 0v3" />
      <rect x="3" y="14" width="4" height="7" rx="1.5" />
      <rect x="17" y="14" width="4" height="7" rx="1.5" />
    </>
  ),
  Camera: (
    <>
      <path d="M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13" r="4" />
    </>
  ),
  Books: (
    <>
      <path d="M2 5h6a4 4 0 0 1 4 4v12a3 3 0 0 0-3-3H2z" />
      <path d="M22 5h-6a4 4 0 0 0-4 4v12a3 3 0 0 1 3-3h7z" />
    </>
  ),
  MISCELLANEOUS: (
    <>
      <path d="M21 8 12 3 3 8l9 5 9-5z" />
      <path d="M3 8v8l9 5 9-5V8M12 13v8" />
    </>
  ),
}

/** The decorative icon of a category; the name next to it is what assistive tech reads. */
export function CategoryIcon({ category, className }: { category: Category; className?: string }) {
  return <IconSvg className={className}>{PATHS[category]}</IconSvg>
}
