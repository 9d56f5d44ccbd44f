import { describe, expect, it } from 'vitest'
import { lastSeenText, timeAgo } from './session-times'

const NOW = Date.parse('2025-06-01T12:00:00Z')
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString()

describe('timeAgo', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(timeAgo(ago(20), NOW)).toBe('just now')
    expect(timeAgo(ago(60), NOW)).toBe('1 minute ago')
    expect(timeAgo(ago(59 * 60), NOW)).toBe('59 minutes ago')
    expect(timeAgo(ago(3 * 3600 + 59), NOW)).toBe('3 hours ago')
    expect(timeAgo(ago(25 * 3600), NOW)).toBe('yesterday')
    expect(timeAgo(ago(12 * 86400), NOW)).toBe('12 days ago')
  })

  it('treats a time a little ahead (another clock) as now', () => {
    expect(timeAgo(ago(-30), NOW)).toBe('just now')
  })
})

describe('lastSeenText', () => {
  it('is "Active now" within the 5 minutes that last seen may lag, then how long ago', () => {
    expect(lastSeenText(ago(0), NOW)).toBe('Active now')
    expect(lastSeenText(ago(4 * 60 + 59), NOW)).toBe('Active now')
    expect(lastSeenText(ago(6 * 60), NOW)).toBe('Last seen 6 minutes ago')
    expect(lastSeenText(new Date(NOW - 2 * 86400 * 1000), NOW)).toBe('Last seen 2 days ago')
  })
})
