import type { ComponentProps } from 'react'
import type { PendingView } from '@/lib/products/use-product-store'

type ShopLinkProps = ComponentProps<'a'> & {
  href: string
  /** Which skeleton to show while the target loads. */
  pending: Exclude<PendingView, null>
}

/** The attribute that marks a storefront link and names its skeleton (PendingView reads it). */
export const PENDING_ATTRIBUTE = 'data-pending'

/**
 * A storefront link (product cards, categories, pagination, the toolbar): a plain anchor in the
 * server's HTML, nothing to hydrate. The storefront's page area (PendingView, one island) takes a
 * plain left click on it: the skeleton of the target shows while a client navigation fetches it.
 * Until that island has hydrated, and for new tabs and the like, the browser follows the link.
 *
 * It does not prefetch its target as it scrolls into view, as Next's links do by default: a
 * phone's home page prefetched 9 pages that way as it started, a request each to the shop and a
 * response each for the phone to read, and the click fetched the page anyway, Next's prefetch of
 * these pages being their route tree only (docs/decisions/0003-caching.md). It was a client
 * component around Next's Link until then: one to hydrate per link, 20 to 50 on a catalog page.
 */
export function ShopLink({ pending, ...rest }: ShopLinkProps) {
  return <a {...{ [PENDING_ATTRIBUTE]: pending }} {...rest} />
}
