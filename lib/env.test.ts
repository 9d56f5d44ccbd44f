import { describe, expect, it } from 'vitest'
import { parseEnv } from './env'

const S3 = {
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_BUCKET: 'shop',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
}

describe('S3 settings', () => {
  it('are all five or none', () => {
    expect(parseEnv({ NODE_ENV: 'test' }).s3).toBeUndefined()
    expect(parseEnv({ NODE_ENV: 'test', ...S3 }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'shop',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    })
    // Empty values, as .env.example has them, count as unset.
    const empty = Object.fromEntries(Object.keys(S3).map((k) => [k, '']))
    expect(parseEnv({ NODE_ENV: 'test', ...empty }).s3).toBeUndefined()
  })

  it('stops the start naming the missing ones when only some are set', () => {
    const { S3_REGION: _r, S3_SECRET_ACCESS_KEY: _s, ...some } = S3
    expect(() => parseEnv({ NODE_ENV: 'test', ...some })).toThrow(
      'object storage needs all five S3_ settings or none; missing S3_REGION, S3_SECRET_ACCESS_KEY',
    )
    expect(() => parseEnv({ NODE_ENV: 'test', S3_BUCKET: 'shop' })).toThrow(
      'missing S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    )
  })

  it('refuses an endpoint that is not an http(s) URL', () => {
    for (const endpoint of ['127.0.0.1:9000', 'ftp://x', 'not a url']) {
      expect(() => parseEnv({ NODE_ENV: 'test', ...S3, S3_ENDPOINT: endpoint }), endpoint).toThrow(
        'S3_ENDPOINT: must be an http(s) URL',
      )
    }
  })
})

describe('mail delivery settings', () => {
  it('default when unset or empty, as .env.example may leave them', () => {
    const empty = { MAIL_ATTEMPTS: '', MAIL_RETRY_MS: '', MAIL_SEND_TIMEOUT_MS: '' }
    for (const source of [{}, empty]) {
      expect(parseEnv({ NODE_ENV: 'test', ...source })).toMatchObject({
        MAIL_ATTEMPTS: 10,
        MAIL_RETRY_MS: 30_000,
        MAIL_SEND_TIMEOUT_MS: 60_000,
      })
    }
    expect(parseEnv({ NODE_ENV: 'test', MAIL_ATTEMPTS: ' 3 ' }).MAIL_ATTEMPTS).toBe(3)
  })

  it('stops the start naming a setting that is not a whole number in range', () => {
    for (const [name, value] of [
      ['MAIL_ATTEMPTS', '0'],
      ['MAIL_ATTEMPTS', 'ten'],
      ['MAIL_RETRY_MS', '1.5'],
      ['MAIL_SEND_TIMEOUT_MS', '99999999'],
    ]) {
      expect(() => parseEnv({ NODE_ENV: 'test', [name!]: value }), `${name}=${value}`).toThrow(
        `${name}:`,
      )
    }
  })
})
