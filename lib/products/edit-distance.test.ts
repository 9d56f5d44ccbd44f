import { describe, expect, it } from 'vitest'
import { editDistance, wordSimilarity } from './edit-distance'

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('camra', 'camera')).toBe(1)
    expect(editDistance('headphones', 'hedphones')).toBe(1)
    expect(editDistance('cafe', 'case')).toBe(1)
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('same', 'same')).toBe(0)
  })

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('lapotp', 'laptop')).toBe(1)
    expect(editDistance('telescpoe', 'telescope')).toBe(1)
  })
})

describe('wordSimilarity', () => {
  it('is the share of the longer word left unedited', () => {
    expect(wordSimilarity('lapotp', 'laptop')).toBeCloseTo(5 / 6)
    expect(wordSimilarity('camra', 'camera')).toBeCloseTo(5 / 6)
    // One slip in four letters is a different word more often than a typo ("cafe", "case").
    expect(wordSimilarity('cafe', 'case')).toBe(0.75)
    expect(wordSimilarity('abc', 'abc')).toBe(1)
  })
})
