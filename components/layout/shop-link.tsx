'use client'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import type { ComponentProps, FocusEvent, MouseEvent, PointerEvent, TouchEvent } from 'react'
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
 * It fetches its target when the shopper reaches for it (a pointer over it, a finger on it,
 * keyboard focus), not when it scrolls into view: a phone's home page fetched 9 pages that way as
 * it started, a request each to the shop and script time on the phone for each
 * (docs/decisions/0003-caching.md). A finger touches the link before its click fires (the length
 * of a tap), and a pointer usually rests on it longer.
 */
export function ShopLink({
  href,
  pending,
  onClick,
  onPointerEnter,
  onTouchStart,
  onFocus,
  prefetch = false,
  ...rest
}: ShopLinkProps) {
  const navigate = useShopNavigate()
  const router = useRouter()
  const warm = () => {
    // The router keeps what it fetched: reaching for the same link again asks nothing more.
    if (prefetch === false) router.prefetch(href)
  }
  function click(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event)
    // New tabs, downloads and the like stay the browser's business.
    if (event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigate(href, pending)
  }
  return (
    <Link
      href={href}
      prefetch={prefetch}
      onClick={click}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        onPointerEnter?.(event)
        warm()
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        onTouchStart?.(event)
        warm()
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        onFocus?.(event)
        warm()
      }}
      {...rest}
    />
  )
}
