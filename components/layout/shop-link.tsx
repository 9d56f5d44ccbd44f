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

/** A Link that shows the storefront's loading skeleton while its target is on the way. */
export function ShopLink({ href, pending, onClick, ...rest }: ShopLinkProps) {
  const navigate = useShopNavigate()
  function click(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event)
    // New tabs, downloads and the like stay the browser's business.
    if (event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigate(href, pending)
  }
  return <Link href={href} onClick={click} {...rest} />
}
