// Distinct catalog queries for the uncached measurements: each query string is sent once, so no
// cache (the API's, the front cache, the database's plan cache aside) can answer it twice.
// Drawn from the catalog itself, so that keywords find products.
import { sql } from 'drizzle-orm'
import { CATEGORIES } from '@/lib/enums'
import type { Db } from '@/lib/db/open'
import { queryRows } from '@/lib/db/sql'

export const QUERY_KINDS = ['keyword', 'two words', 'typo', 'filters', 'deep page'] as const
export type QueryKind = (typeof QUERY_KINDS)[number]

const letters = /^\p{L}+$/u

/** `count` query strings (without `?`) of each kind, the same ones on every run. */
export async function distinctQueries(db: Db, count: number): Promise<Record<QueryKind, string[]>> {
  const words = (
    await queryRows<{ word: string }>(db, sql`select word from search_words order by md5(word)`)
  )
    .map((r) => r.word)
    .filter((w) => letters.test(w))
  const names = (
    await queryRows<{ name: string }>(
      db,
      sql`select distinct name, md5(name) from products
          where not archived and position(' – Edition ' in name) = 0 order by md5(name)`,
    )
  ).map((r) => r.name)
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products where not archived`,
  )
  const pages = Math.max(1, Math.ceil(Number(total?.n ?? 0) / 8))

  const keyword = words.slice(0, count).map((w) => `keyword=${encodeURIComponent(w)}`)
  // Two words of one name, in the other order: the phrase itself is not in the name.
  const twoWords = names
    .map((name) => name.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4 && letters.test(w)))
    .filter((w) => w.length >= 2)
    .slice(0, count)
    .map((w) => `keyword=${encodeURIComponent(`${w[1]} ${w[0]}`)}`)
  // A slip a shopper makes: two neighbouring letters swapped.
  const typo = words
    .filter((w) => w.length >= 6 && w[2] !== w[3])
    .slice(0, count)
    .map((w) => `keyword=${encodeURIComponent(w.slice(0, 2) + w[3] + w[2] + w.slice(4))}`)
  const filters = Array.from({ length: count }, (_, i) => {
    const category = CATEGORIES[i % CATEGORIES.length]!
    const min = 10 + ((i * 37) % 400)
    const max = 1000 + ((i * 113) % 3000)
    return `category=${category}&price[gte]=${min}&price[lte]=${max}&ratings[gte]=${1 + (i % 4)}`
  })
  // Pages from the middle to the end of the default list.
  const deepPage = Array.from({ length: count }, (_, i) => {
    const page = Math.max(1, Math.floor(pages / 2 + ((pages / 2) * i) / count))
    return `page=${page}`
  })
  return {
    keyword,
    'two words': twoWords,
    typo,
    filters,
    'deep page': [...new Set(deepPage)],
  }
}
