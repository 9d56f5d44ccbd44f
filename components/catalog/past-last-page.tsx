'use client'
import Link from 'next/link'
import { useParams } from 'next/navigation'
import { NOT_FOUND_BUTTON, NotFoundView } from '@/components/layout/not-found-view'
import { catalogHref, decodeViewSegment } from '@/lib/products/catalog-view'

/**
 * The 404 of a catalog page past the last one, with a link to the first page of the same list.
 * A not-found file gets no props; the view comes from the route's own parameter, so the HTML is
 * the same for everyone and caches with the view.
 */
export function PastLastPage() {
  const { view } = useParams<{ view?: string }>()
  const first = view ? catalogHref({ ...decodeViewSegment(view), page: 1 }) : '/products'
  return (
    <NotFoundView heading="This page is past the last one" text="The list has fewer pages.">
      <Link href={first} className={NOT_FOUND_BUTTON}>
        Back to page 1
      </Link>
    </NotFoundView>
  )
}
