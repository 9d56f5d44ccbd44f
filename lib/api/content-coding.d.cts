/** An Accept-Encoding header as coding → q-value (lower-cased; a malformed q counts as 0). */
export function codingWeights(header: string): Map<string, number>
/** The coding a request prefers among gzip, deflate and identity; undefined when none is acceptable. */
export function preferredCoding(header: string | undefined): string | undefined
