'use client'
import Link from 'next/link'
import { toast } from '@/components/layout/toast'
import { loginHref, productHref } from '@/lib/paths'

/**
 * "Login to …" with a Log in link back to this product. The toast sits over the top bar's Login
 * link, so it carries its own. One at a time per `id`, and gone once its link is followed: the
 * login page answers it.
 */
export function showLoginToast({
  text,
  productId,
  id,
}: {
  text: string
  productId: string
  id: string
}) {
  toast.error(
    <span>
      {text}{' '}
      <Link
        href={loginHref(productHref(productId))}
        onClick={() => toast.remove(id)}
        className="font-semibold text-brand-700 underline"
      >
        Log in
      </Link>
    </span>,
    { id },
  )
}
