import { groupDigits } from '@/lib/format'

// How many reviews a product has, in words: the one wording of every page that prints a count
// (product cards, the product page, the admin's product and review pages).

/** '0 reviews', '1 review', '1,234 reviews'. */
export function reviewCount(n: number): string {
  return `${groupDigits(n)} ${n === 1 ? 'review' : 'reviews'}`
}
