import 'server-only'
import { and, or, sql, type SQL } from 'drizzle-orm'
import { CATEGORIES } from '@/lib/enums'
import type { Db } from '@/lib/db/open'
import { products } from '@/lib/db/schema'
import { queryRows } from '@/lib/db/sql'
import { wordSimilarity } from './edit-distance'

// The keyword of a product list (docs/api.md#catalog): literal text, case- and
// accent-insensitive, in the name or the category. Every product that contains the whole keyword
// is in the result; so is every product that contains each of its words, in any order. Only when
// such matches are few in the whole catalog do typos count, and only close ones: a word of 5+
// characters one slip from a catalog word ("lapotp" → laptop), 10+ characters two slips. Typo
// matches rank below every literal match.

/** Below this many literal matches in the catalog, a keyword's typos are corrected too. */
export const FEW_LITERAL_MATCHES = 5
/** Share of the longer word left unedited (lib/products/edit-distance.ts). */
export const TYPO_SIMILARITY = 0.8
const MAX_CORRECTIONS = 5
const MAX_CORRECTED_WORDS = 4

export type KeywordMatch = {
  where: SQL
  /** Higher is better; literal matches are 2 and up, typo matches below 1. */
  rank: SQL
  /** The catalog words each typed word was corrected to; empty when typos were not needed. */
  corrections: Map<string, string[]>
}

// Letters that no Unicode decomposition takes apart but unaccent spells out (its default rules).
const SPELLED_OUT: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
}

/** Lower case without accents, like shop_fold in SQL, for what is matched in code. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øłßæœđðþı]/gu, (c) => SPELLED_OUT[c] ?? c)
}

/** A LIKE pattern that finds `text` anywhere: %, _ and \ are literal characters. */
export function likePattern(text: string): string {
  return `%${fold(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

const inName = (text: string): SQL =>
  sql`${products.nameSearch} like ${likePattern(text)} escape '\\'`

// Categories are a closed list: which ones contain the text is known here, and an IN on the
// category index is far cheaper than a pattern over every row.
function inCategory(text: string): SQL {
  const folded = fold(text)
  const found = CATEGORIES.filter((c) => fold(c).includes(folded))
  if (found.length === 0) return sql`false`
  return sql`${products.category} in (${sql.join(
    found.map((c) => sql`${c}`),
    sql`, `,
  )})`
}

/** The text at the start of a word of the name ("phone" in "Phone Stand", not in "Headphones"). */
function atWordStart(text: string): SQL {
  const escaped = fold(text).replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`)
  return sql`${products.nameSearch} ~ ${`(^|[^[:alnum:]])${escaped}`}`
}

const literalWord = (word: string) => or(inName(word), inCategory(word))!

const wordsOf = (phrase: string) => [...new Set(phrase.split(/\s+/u))]

/** Literal matches from best to worst: the phrase in the name (a whole word first), in the
 * category, every word in the name, every word in the name or the category. */
function literalRank(phrase: string, otherwise: SQL): SQL {
  const words = wordsOf(phrase)
  return sql`case
    when ${inName(phrase)} then case when ${atWordStart(phrase)} then 6 else 5 end
    when ${inCategory(phrase)} then 4
    when ${and(...words.map(inName))} then 3
    when ${and(...words.map(literalWord))} then 2
    else ${otherwise} end`
}

export async function matchKeyword(db: Db, keyword: string): Promise<KeywordMatch | undefined> {
  const phrase = keyword.trim()
  if (!phrase) return undefined
  const words = wordsOf(phrase)
  const literal = and(...words.map(literalWord))!
  const corrections = await correctTypos(db, words, literal)
  if (corrections.size === 0) {
    return { where: literal, rank: literalRank(phrase, sql`0`), corrections }
  }

  // Each word literally or as one of its corrections. Typo matches rank by their least alike
  // word, then as the keyword spelt right would rank them; always below 1.
  const perWord = words.map((w) => {
    const options = corrections.get(w) ?? []
    return {
      where: or(literalWord(w), ...options.map(literalWord))!,
      rank: sql`case when ${literalWord(w)} then 1 ${sql.join(
        options.map((c) => sql`when ${literalWord(c)} then ${wordSimilarity(fold(w), c)}::float8`),
        sql` `,
      )} else 0 end`,
    }
  })
  const corrected = words.map((w) => corrections.get(w)?.[0] ?? w).join(' ')
  const typoRank = sql`least(${sql.join(
    perWord.map((p) => p.rank),
    sql`, `,
  )}) * 0.99 + ${literalRank(corrected, sql`0`)} / 1000.0`
  return {
    where: or(literal, and(...perWord.map((p) => p.where)))!,
    rank: literalRank(phrase, typoRank),
    corrections,
  }
}

/**
 * Catalog words close to each typed word, when the keyword's literal matches are few. One
 * statement (on PostgreSQL one round trip, on the embedded database one crossing to its thread):
 * the literal matches counted up to FEW_LITERAL_MATCHES, and, joined to that count, each word's
 * near vocabulary, which PostgreSQL reads only when the count is under it (a filter on the count
 * alone is checked once, before any scan).
 */
async function correctTypos(db: Db, words: string[], literal: SQL): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>()
  // A long keyword costs one small scan per word; past a few words, the rest must be literal.
  const candidates = words
    .filter((w) => [...fold(w)].length >= 5 && /\p{L}/u.test(w))
    .slice(0, MAX_CORRECTED_WORDS)
    .map((word) => {
      const typed = fold(word)
      const length = [...typed].length
      const maxEdits = Math.floor(length * (1 - TYPO_SIMILARITY) + 1e-9) + 1
      return { word, typed, length, maxEdits }
    })
  if (candidates.length === 0) return found
  // Levenshtein (in C) narrows the vocabulary; a swap costs it two edits, hence the double.
  const near = candidates.map(
    ({ typed, length, maxEdits }, i) =>
      sql`select ${i}::int as i, word from search_words
        where few.n < ${FEW_LITERAL_MATCHES}
          and length(word) between ${length - maxEdits} and ${length + maxEdits}
          and levenshtein_less_equal(word, ${typed}, ${2 * maxEdits}) <= ${2 * maxEdits}`,
  )
  const rows = await queryRows<{ n: number; i: number | null; word: string | null }>(
    db,
    sql`select few.n, near.i, near.word
      from (select count(*)::int as n from (select 1 from ${products}
        where not ${products.archived} and ${literal} limit ${FEW_LITERAL_MATCHES}) as m) as few
      left join lateral (${sql.join(near, sql` union all `)}) as near on true`,
  )
  if (Number(rows[0]?.n ?? 0) >= FEW_LITERAL_MATCHES) return found
  for (const [i, { word, typed }] of candidates.entries()) {
    const vocabulary = rows.flatMap((r) => (r.i === i && r.word !== null ? [r.word] : []))
    // Category names are catalog words too ("furnitre" → the Furniture category).
    const close = [...new Set([...vocabulary, ...CATEGORIES.map(fold)])]
      .filter((c) => !c.includes(typed) && wordSimilarity(typed, c) >= TYPO_SIMILARITY)
      .sort((a, b) => wordSimilarity(typed, b) - wordSimilarity(typed, a) || a.localeCompare(b))
      .slice(0, MAX_CORRECTIONS)
    if (close.length > 0) found.set(word, close)
  }
  return found
}
