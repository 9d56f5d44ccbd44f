import 'server-only'
import { AppError } from '@/lib/errors'

// Entity tags and If-Match (RFC 9110 §8.8.3, §13.1.1) for the API's versioned resources (the
// cart). If-Match compares strongly: a weak tag (W/"…") never matches, and `*` matches any
// current representation. A value that is not a list of entity tags is answered 400 rather than
// ignored: the client asked for a guarded write, and carrying it out unguarded is the one thing
// it did not want.

/** `*`, or the entity tags listed (each with its quotes, and its W/ when weak). */
export type IfMatch = '*' | string[]

const MAX_IF_MATCH_LENGTH = 1024
// One list element: entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E /
// obs-text (a comma may sit inside the quotes), then a comma or the end; empty elements are
// skipped, as RFC 9110 §5.6.1 asks of a recipient.
const LIST_ELEMENT = /[ \t,]*((?:W\/)?"[\x21\x23-\x7e\x80-\xff]*")[ \t]*(?:,|$)/y

export const IF_MATCH_MESSAGE =
  'If-Match must be * or a list of entity tags in double quotes, such as "12"'

/** A strong entity tag for an opaque value of visible ASCII characters other than `"`. */
export const strongETag = (value: string | number) => `"${value}"`

/** The If-Match header of a request; undefined when it has none. */
export function parseIfMatch(header: string | null): IfMatch | undefined {
  if (header === null) return undefined
  const value = header.trim()
  if (value === '*') return '*'
  if (value.length === 0 || value.length > MAX_IF_MATCH_LENGTH) {
    throw new AppError('INVALID', IF_MATCH_MESSAGE)
  }
  const tags: string[] = []
  LIST_ELEMENT.lastIndex = 0
  while (!/^[ \t,]*$/.test(value.slice(LIST_ELEMENT.lastIndex))) {
    const match = LIST_ELEMENT.exec(value)
    if (!match) throw new AppError('INVALID', IF_MATCH_MESSAGE)
    tags.push(match[1]!)
  }
  if (tags.length === 0) throw new AppError('INVALID', IF_MATCH_MESSAGE)
  return tags
}

/** Whether the current strong tag `etag` satisfies If-Match (strong comparison). */
export function ifMatchHolds(ifMatch: IfMatch, etag: string): boolean {
  return ifMatch === '*' || ifMatch.includes(etag)
}
