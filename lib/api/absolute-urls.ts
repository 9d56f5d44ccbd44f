import 'server-only'
import type { ImageJson } from '@/lib/products/product-json'
import type { ReviewJson } from '@/lib/reviews/review-json'
import { siteOrigin } from '@/lib/site-url'
import type { PublicUser } from '@/lib/users/public-user'

// Image and avatar URLs leave the API absolute (APP_URL, else http://localhost:PORT), as the
// original API's did: a client served from another origin would resolve "/media/…" against its
// own. Pages keep the stored relative URLs; the conversion happens only here, at the answer.

export function absoluteUrl(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${siteOrigin()}${url}` : url
}

const images = (list: ImageJson[]) => list.map((i) => ({ ...i, url: absoluteUrl(i.url) }))

export function withAbsoluteImages<P extends { images: ImageJson[]; reviews?: ReviewJson[] }>(
  product: P,
): P {
  const out = { ...product, images: images(product.images) }
  if (product.reviews) out.reviews = withAbsoluteAvatars(product.reviews)
  return out
}

export function withAbsoluteAvatars(reviews: ReviewJson[]): ReviewJson[] {
  return reviews.map((r) => ({ ...r, avatar: absoluteUrl(r.avatar) }))
}

export function userWithAbsoluteAvatar(user: PublicUser): PublicUser {
  return { ...user, avatar: { ...user.avatar, url: absoluteUrl(user.avatar.url) } }
}
