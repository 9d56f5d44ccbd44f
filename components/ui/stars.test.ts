import { describe, expect, it } from 'vitest'
import { starFills } from './stars'

describe('starFills', () => {
  it('shows full, half and empty stars for an average', () => {
    expect(starFills(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty'])
    expect(starFills(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty'])
    expect(starFills(4.2)).toEqual(['full', 'full', 'full', 'full', 'empty'])
    expect(starFills(4.7)).toEqual(['full', 'full', 'full', 'full', 'half'])
    expect(starFills(5)).toEqual(['full', 'full', 'full', 'full', 'full'])
  })
})
