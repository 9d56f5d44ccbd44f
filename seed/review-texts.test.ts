import { describe, expect, it } from 'vitest'

import { DEMO_PRODUCTS } from './catalog'
import { PRODUCT_KINDS } from './pictures/product-shapes'
import { seededRandom } from './random'
import {
  CLOSING_LINES,
  REVIEW_TOPICS,
  TOPIC_OF_KIND,
  reviewComment,
  type ReviewTopic,
  type Stars,
} from './review-texts'

const STARS = [1, 2, 3, 4, 5] as const
const TOPICS = Object.keys(REVIEW_TOPICS) as ReviewTopic[]

// Words that only make sense for some kinds of product: a sofa review must not mention its
// battery, a book review its fabric. Each word lists the topics allowed to use it.
const ONLY_FOR: [RegExp, ReviewTopic[]][] = [
  [/batter(y|ies)/i, ['phone', 'laptop', 'wearable', 'appliance', 'drone', 'camera']],
  [/\b(bass|vocals|hiss|audio|sound)\b/i, ['audio', 'phone']],
  [/\bfabric\b/i, ['clothing']],
  [/\b(sole|blisters?|laces|toes)\b/i, ['footwear']],
  [/\b(chapters?|story|writing|reread)\b/i, ['book']],
  [/\b(kids?|children|daughter)\b/i, ['toy']],
  // The shop's photos ("than in the photos") are fine for any product; taking photos is not.
  [/(?<!the )\b(photos?|pictures?|shots|autofocus|focus)\b/i, ['camera', 'photo-gear', 'phone']],
  [/\b(fly|flight|flies|propellers)\b/i, ['drone']],
  [/\b(kitchen|counter|cooking)\b/i, ['kitchen']],
  [/\b(lamp|bulb|shade)\b/i, ['lighting']],
  [/\b(sleep|bedroom)\b/i, ['sleep', 'wearable']],
  [/\b(keyboard|trackpad|tabs)\b/i, ['laptop']],
  [/\bscreen\b/i, ['phone', 'laptop', 'wearable']],
  [/\b(strap|clasp|dial)\b/i, ['watch', 'wearable']],
  [/\b(seat|cushions?)\b/i, ['seating']],
  [/\b(trips?|travel)\b/i, ['travel-gear', 'photo-gear']],
]

// The tone must match the stars: no "Love it!" with one star, no "Broke" with five.
const PRAISE =
  /(?<!not )\b(love|loved|perfect|superb|excellent|great|best|brilliant|beautiful|stunning|recommend(ed)?)\b/i
const COMPLAINT =
  /\b(returned|broke|broken|disappoint\w*|poor|cheap|flimsy|refund|wobbl\w*|useless|not recommend|save your money)\b/i

describe('review texts', () => {
  it('give every kind of product a topic, and every topic three lines per star value', () => {
    for (const kind of PRODUCT_KINDS) expect(TOPICS).toContain(TOPIC_OF_KIND[kind])
    for (const topic of TOPICS) {
      for (const stars of STARS) {
        const lines = REVIEW_TOPICS[topic][stars]
        expect(lines.length, `${topic} ${stars}`).toBeGreaterThanOrEqual(3)
        expect(new Set(lines).size).toBe(lines.length)
      }
    }
  })

  it('only mention what the kind of product has', () => {
    const misfits: string[] = []
    for (const topic of TOPICS) {
      for (const stars of STARS) {
        for (const line of REVIEW_TOPICS[topic][stars]) {
          for (const [word, allowed] of ONLY_FOR) {
            if (word.test(line) && !allowed.includes(topic)) misfits.push(`${topic}: ${line}`)
          }
        }
      }
    }
    for (const stars of STARS) {
      for (const line of CLOSING_LINES[stars]) {
        if (ONLY_FOR.some(([word]) => word.test(line))) misfits.push(`closing: ${line}`)
      }
    }
    expect(misfits).toEqual([])
  })

  it('praise only with four or five stars and complain only with one or two', () => {
    const linesFor = (stars: Stars) => [
      ...TOPICS.flatMap((topic) => REVIEW_TOPICS[topic][stars]),
      ...CLOSING_LINES[stars],
    ]
    const wrongTone = [
      ...[...linesFor(1), ...linesFor(2)].filter((line) => PRAISE.test(line)),
      ...[...linesFor(4), ...linesFor(5)].filter((line) => COMPLAINT.test(line)),
      ...linesFor(1).filter((line) => /\b(good|nice|fine|happy)\b/i.test(line)),
    ]
    expect(wrongTone).toEqual([])
  })

  it('writes a comment from the product kind and stars, sometimes with a closing line', () => {
    const random = seededRandom(1)
    const headphones = DEMO_PRODUCTS.find((p) => p.kind === 'headphones')!
    const comments = Array.from({ length: 40 }, () => reviewComment(headphones.kind, 5, random))
    for (const c of comments) {
      expect(
        REVIEW_TOPICS.audio[5].some((line) => c.startsWith(line)),
        c,
      ).toBe(true)
    }
    expect(comments.some((c) => CLOSING_LINES[5].some((end) => c.endsWith(` ${end}`)))).toBe(true)
    expect(new Set(comments).size).toBeGreaterThan(4)
  })
})
