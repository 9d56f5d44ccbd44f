import { describe, expect, it } from 'vitest'
import { parseEnv } from '@/lib/env'
import { cacheSettings } from './cache-settings.cjs'

// The same rules and message whether the server, the cache handler or the app reads them.
describe('cache settings', () => {
  it('default to 256 MB of pages and 64 MB in front of Next, and read whole megabytes', () => {
    expect(cacheSettings({})).toEqual({
      pageCacheBytes: 256 * 1024 * 1024,
      frontCacheBytes: 64 * 1024 * 1024,
    })
    expect(cacheSettings({ PAGE_CACHE_MB: ' 32 ', FRONT_CACHE_MB: '0' })).toEqual({
      pageCacheBytes: 32 * 1024 * 1024,
      frontCacheBytes: 0,
    })
    expect(parseEnv({ NODE_ENV: 'test', PAGE_CACHE_MB: '16' }).cache.pageCacheBytes).toBe(
      16 * 1024 * 1024,
    )
  })

  it.each(['lots', '-1', '1.5', '1e3', '0x10', '99999999', 'NaN'])(
    'refuse %j with a message naming the setting',
    (bad) => {
      for (const name of ['PAGE_CACHE_MB', 'FRONT_CACHE_MB']) {
        const message = new RegExp(`${name}: must be a whole number of megabytes`)
        expect(() => cacheSettings({ [name]: bad })).toThrow(message)
        expect(() => parseEnv({ NODE_ENV: 'test', [name]: bad })).toThrow(message)
      }
    },
  )

  it('refuse an empty page cache (nothing could ever be served from it)', () => {
    expect(() => cacheSettings({ PAGE_CACHE_MB: '0' })).toThrow(/PAGE_CACHE_MB/)
  })
})
