import 'server-only'
import { AppError } from '@/lib/errors'

// Text no endpoint can take: PostgreSQL refuses a NUL character in any text value, so one that
// reached a query would be a 500. Checked once here for the path, every query parameter and every
// field of a body, so each endpoint (and each one added later) answers 400 naming the input.

const NUL = '\u0000'

const refuse = (name: string) => new AppError('INVALID', `${name} must not contain a NUL character`)

// A lone surrogate (half of a UTF-16 pair, which JSON can spell as "\ud800") is no Unicode text:
// PGlite miscounts its UTF-8 length and cuts the value short, or fails the query (a 500) when the
// cut falls inside a character; node-postgres stores U+FFFD instead. Refused like NUL. In a
// unicode regex a proper pair is one code point, so only a lone half matches.
const LONE_SURROGATE = /\p{Surrogate}/u

const refuseSurrogate = (name: string) =>
  new AppError('INVALID', `${name} must be valid Unicode text (it holds a lone surrogate)`)

/** The refusal of a text no endpoint can take, if this one is such a text. */
function badText(text: string, name: string): AppError | undefined {
  if (text.includes(NUL)) return refuse(name)
  if (LONE_SURROGATE.test(text)) return refuseSurrogate(name)
  return undefined
}

/** The request's path and query parameters (names and values). */
export function checkRequestText(request: Request): void {
  const url = new URL(request.url)
  let path: string
  try {
    path = decodeURIComponent(url.pathname)
  } catch {
    throw new AppError('INVALID', 'The path is not valid percent-encoding')
  }
  const bad =
    badText(path, 'The path') ??
    [...url.searchParams]
      .map(([key, value]) => badText(key, 'A parameter name') ?? badText(value, key))
      .find(Boolean)
  if (bad) throw bad
}

// No body of this shop nests deeper; a deeper one is refused rather than walked.
const MAX_DEPTH = 32

/**
 * Every string in a parsed body (JSON values at any depth, form fields), keys included. Walked
 * with a list rather than recursion: JSON.parse takes 100 kB of brackets, the stack would not.
 */
export function checkBodyText(body: unknown): void {
  const todo: { value: unknown; path: string; depth: number }[] = [
    { value: body, path: '', depth: 0 },
  ]
  for (let next = todo.pop(); next; next = todo.pop()) {
    const { value, path, depth } = next
    if (typeof value === 'string') {
      const bad = badText(value, path || 'The body')
      if (bad) throw bad
      continue
    }
    if (typeof value !== 'object' || value === null) continue
    if (depth >= MAX_DEPTH)
      throw new AppError('INVALID', `The body nests deeper than ${MAX_DEPTH} levels`)
    for (const [key, item] of Object.entries(value)) {
      const bad = badText(key, 'A field name')
      if (bad) throw bad
      todo.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 })
    }
  }
}
