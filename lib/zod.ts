import { z } from 'zod'

// Import `z` from here, not from 'zod', in every module that builds schemas. The account area and
// the product page run under a strict Content-Security-Policy without 'unsafe-eval'; zod's
// compiled object parsers probe `new Function` when a schema is built, and the browser reports
// that probe as a CSP violation even though zod catches it. Jitless (interpreted) parsers are
// fast enough for forms and request bodies, and importing through this module guarantees the
// setting runs before any schema is built.
z.config({ jitless: true })

export { z }

/**
 * What a one-line text that other people read (a person's name, a shipping address) must not
 * hold: control characters (a line break, a tab, an escape), the Unicode line and paragraph
 * separators (U+2028, U+2029: line breaks too) and the explicit text-direction embeddings,
 * overrides and isolates (U+202A to U+202E, U+2066 to U+2069), with which a name reads backwards
 * in an admin's list or in a mail ('\u202Enimda' shows as 'admin'). The marks U+200E and U+200F
 * are allowed: right-to-left names use them.
 */
export const HIDDEN_FORMATTING = /[\p{Cc}\u2028-\u202E\u2066-\u2069]/u

/** Refuses HIDDEN_FORMATTING with `message` (for z.string().refine). */
export const withoutHiddenFormatting = (message: string) =>
  [(value: string) => !HIDDEN_FORMATTING.test(value), message] as const
