import { describe, expect, it } from 'vitest'
import { AppError } from '@/lib/errors'
import { ifMatchHolds, parseIfMatch, strongETag } from './etag'

describe('parseIfMatch', () => {
  it('reads *, one tag, a list, weak tags and tags holding commas', () => {
    expect(parseIfMatch(null)).toBeUndefined()
    expect(parseIfMatch(' * ')).toBe('*')
    expect(parseIfMatch('"12"')).toEqual(['"12"'])
    expect(parseIfMatch('"1", W/"2" ,"a,b"')).toEqual(['"1"', 'W/"2"', '"a,b"'])
    expect(parseIfMatch(', "1",, "2",')).toEqual(['"1"', '"2"'])
    expect(parseIfMatch('""')).toEqual(['""'])
  })

  it('refuses anything else with a 400 that says what is expected', () => {
    for (const bad of [
      '',
      ' ',
      ',',
      '12',
      '"12',
      '12"',
      '"1" "2"',
      'W/',
      'w/"1"',
      '*, "1"',
      '"a b"',
      `"${'x'.repeat(1100)}"`,
    ]) {
      let error: unknown
      try {
        parseIfMatch(bad)
      } catch (e) {
        error = e
      }
      expect(error, JSON.stringify(bad)).toBeInstanceOf(AppError)
      expect((error as AppError).code).toBe('INVALID')
      expect((error as AppError).message).toMatch(/^If-Match must be \* or a list of entity tags/)
    }
  })
})

describe('ifMatchHolds', () => {
  it('compares strongly: * and an equal strong tag hold, a weak one never does', () => {
    const etag = strongETag(7)
    expect(etag).toBe('"7"')
    expect(ifMatchHolds('*', etag)).toBe(true)
    expect(ifMatchHolds(['"6"', '"7"'], etag)).toBe(true)
    expect(ifMatchHolds(['W/"7"'], etag)).toBe(false)
    expect(ifMatchHolds(['"8"'], etag)).toBe(false)
  })
})
