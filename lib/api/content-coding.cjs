// Accept-Encoding negotiation (RFC 9110 §12.5.3), one rule for the front cache
// (scripts/front-cache.mjs), the static files (scripts/static-assets.mjs) and the app's own
// precompressed answers (lib/api/openapi/reference-page.ts).

const ANY = '*'
/** What Next's compression can produce, in its order of preference for equal q-values. */
const CODINGS = ['gzip', 'deflate', 'identity']

/** An Accept-Encoding header as coding → q-value (lower-cased; a malformed q counts as 0). */
function codingWeights(header) {
  const q = new Map()
  for (const part of String(header).split(',')) {
    const [name = '', ...params] = part.split(';')
    const coding = name.trim().toLowerCase()
    if (!coding) continue
    let weight = 1
    for (const param of params) {
      const [key, value] = param.split('=')
      if (key?.trim().toLowerCase() === 'q') {
        const n = Number(value?.trim())
        weight = Number.isFinite(n) && n >= 0 && n <= 1 ? n : 0
      }
    }
    q.set(coding, weight)
  }
  return q
}

/**
 * The content coding a request prefers among those Next produces (RFC 9110 §12.5.3: q-values,
 * `*`, `identity;q=0`), or undefined when it accepts none of them. No header means identity:
 * clients that send none (curl, monitors, link previews) cannot decode anything else.
 */
function preferredCoding(header) {
  if (header === undefined) return 'identity'
  const q = codingWeights(header)
  const star = q.get(ANY)
  let best
  let bestQ = 0
  for (const coding of CODINGS) {
    let weight = q.get(coding)
    // identity is acceptable unless excluded by itself or by `*;q=0`
    if (weight === undefined) weight = coding === 'identity' ? (star === 0 ? 0 : 1) : (star ?? 0)
    // ties go to the earlier coding; identity only wins a tie when nothing else is wanted more
    if (weight > bestQ) {
      best = coding
      bestQ = weight
    }
  }
  return best
}

module.exports = { codingWeights, preferredCoding }
