import 'server-only'
// What the demo shoppers write: each product's reviews talk about what that kind of product does
// (headphones about sound, a sofa about comfort), in a tone that matches the stars they give. The
// lines are data (seed/data/review-texts.json): per topic, per star rating.
import { z } from '@/lib/zod'
import texts from './data/review-texts.json'
import { PRODUCT_KINDS, type ProductKind } from './pictures/product-shapes'
import type { Random } from './random'

export type Stars = 1 | 2 | 3 | 4 | 5

const Lines = z.strictObject(
  Object.fromEntries([1, 2, 3, 4, 5].map((n) => [n, z.array(z.string().min(1)).min(1)])),
)
const ReviewTextsSchema = z
  .strictObject({
    topics: z.record(z.string(), Lines),
    topicOfKind: z.record(z.enum(PRODUCT_KINDS as [ProductKind, ...ProductKind[]]), z.string()),
    closingLines: Lines,
  })
  .refine((t) => Object.values(t.topicOfKind).every((topic) => topic in t.topics), {
    message: 'every kind of product needs a topic of seed/data/review-texts.json',
  })

// Checked when loaded (each star rating of each topic has lines; every kind of product names a
// topic that exists), typed as the file is, so a topic is a name TypeScript knows.
ReviewTextsSchema.parse(texts)

export const REVIEW_TOPICS = texts.topics
export type ReviewTopic = keyof typeof REVIEW_TOPICS

/** Which topic a shopper writes about for each kind of product. */
export const TOPIC_OF_KIND = texts.topicOfKind as Readonly<Record<ProductKind, ReviewTopic>>

/** Said of any purchase (delivery, value), so they can follow any topic line of the same tone. */
export const CLOSING_LINES = texts.closingLines

/** A comment for a product of this kind and this many stars: a topic line, sometimes closed off. */
export function reviewComment(kind: ProductKind, stars: Stars, random: Random): string {
  const line = random.pick(REVIEW_TOPICS[TOPIC_OF_KIND[kind]][stars])
  return random.next() < 0.4 ? `${line} ${random.pick(CLOSING_LINES[stars])}` : line
}
