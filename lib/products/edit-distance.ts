import 'server-only'
// How alike a typed word and a catalog word are, for typo correction. Edit distance with
// adjacent transpositions counted as one edit (optimal string alignment): "lapotp" is one slip
// from "laptop", as a shopper sees it, where plain Levenshtein counts two.

export function editDistance(a: string, b: string): number {
  const x = [...a]
  const y = [...b]
  // d[i][j]: edits between the first i characters of x and the first j of y.
  const d = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1)
      }
      d[i]![j] = best
    }
  }
  return d[x.length]![y.length]!
}

/** 1 for the same word, 0 for nothing in common: the share of the longer word left unedited. */
export function wordSimilarity(a: string, b: string): number {
  const longest = Math.max([...a].length, [...b].length)
  return longest === 0 ? 1 : 1 - editDistance(a, b) / longest
}
