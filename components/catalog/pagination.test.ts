import { describe, expect, it } from 'vitest'
import { gapOf, pageWindow } from './pagination'

describe('pageWindow', () => {
  it('shows every page up to 5 pages', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(2, 3)).toEqual([1, 2, 3])
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('shows first, last and current ±1 with an ellipsis per gap beyond 5 pages', () => {
    expect(pageWindow(1, 6)).toEqual([1, 2, 'ellipsis', 6])
    expect(pageWindow(3, 6)).toEqual([1, 2, 3, 4, 'ellipsis', 6])
    expect(pageWindow(4, 6)).toEqual([1, 'ellipsis', 3, 4, 5, 6])
    expect(pageWindow(6, 6)).toEqual([1, 'ellipsis', 5, 6])
    expect(pageWindow(50, 1000)).toEqual([1, 'ellipsis', 49, 50, 51, 'ellipsis', 1000])
    expect(pageWindow(2, 1000)).toEqual([1, 2, 3, 'ellipsis', 1000])
    expect(pageWindow(999, 1000)).toEqual([1, 'ellipsis', 998, 999, 1000])
  })

  it('always has an ellipsis when there are more than 5 pages', () => {
    for (let total = 6; total <= 12; total++) {
      for (let current = 1; current <= total; current++) {
        expect(pageWindow(current, total)).toContain('ellipsis')
      }
    }
  })

  it('never repeats a page and keeps pages in order', () => {
    for (let current = 1; current <= 9; current++) {
      const pages = pageWindow(current, 9).filter((x) => x !== 'ellipsis')
      expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b))
      expect(pages).toContain(current)
    }
  })

  it('clamps a page past the end and odd totals', () => {
    expect(pageWindow(99, 8)).toEqual([1, 'ellipsis', 7, 8])
    expect(pageWindow(0, 8)).toEqual([1, 2, 'ellipsis', 8])
    expect(pageWindow(1, 0)).toEqual([1])
  })
})

describe('gapOf', () => {
  it('names the pages an ellipsis stands for, so every page can be reached', () => {
    const items = pageWindow(9, 17)
    expect(items).toEqual([1, 'ellipsis', 8, 9, 10, 'ellipsis', 17])
    expect(gapOf(items, 1)).toEqual({ from: 2, to: 7 })
    expect(gapOf(items, 5)).toEqual({ from: 11, to: 16 })
  })
})
