'use client'
import Link from 'next/link'
import type { ComponentProps, MouseEvent } from 'react'
import { useShopNavigate } from '@/lib/products/use-shop-navigate'
import type { PendingView } from '@/lib/products/use-product-store'

type ShopLinkProps = ComponentProps<typeof Link> & {
  href: string
  /** Which skeleton to show while the target loads. */
  pending: Exclude<PendingView, null>
}

/**
 * A Link that shows the storefront's loading skeleton while its target is on the way.
 *
 * It does not prefetch its target as it scrolls into view, as Next's links do by default: a
 * phone's home page prefetched 9 pages that way as it started, a request each to the shop and a
 * response each for the phone to read, and the click fetched the page anyway, Next's prefetch of
 * these pages being their route tree only (docs/decisions/0003-caching.md).
 */
export function ShopLink({ href, pending, onClick, prefetch = false, ...rest }: ShopLinkProps) {
  const navigate = useShopNavigate()
  function click(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event)
    // New tabs, downloads and the like stay the browser's business.
    if (event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigate(href, pending)
  }
  return <Link href={href} prefetch={prefetch} onClick={click} {...rest} />
}
