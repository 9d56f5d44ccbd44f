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

// A single-page app on another site (docs/decisions/0015-cross-site-clients.md).
describe('cross-site client settings', () => {
  it('refuse CROSS_SITE_COOKIES at start without an https APP_URL, saying why', () => {
    for (const APP_URL of [undefined, 'http://shop.example.com', 'http://127.0.0.1:3000']) {
      const source = { NODE_ENV: 'test' as const, CROSS_SITE_COOKIES: 'true', APP_URL }
      expect(() => parseEnv(source), APP_URL).toThrow(
        /CROSS_SITE_COOKIES: needs APP_URL to be the shop's https address .*browsers refuse Secure cookies over plain http/s,
      )
    }
    // https, or http://localhost (a secure origin to browsers) for trying it on one machine.
    for (const APP_URL of ['https://shop.example.com', 'http://localhost:3000']) {
      expect(
        parseEnv({ NODE_ENV: 'test', CROSS_SITE_COOKIES: 'true', APP_URL }).crossSiteCookies,
      ).toBe(true)
    }
    expect(parseEnv({ NODE_ENV: 'test' }).crossSiteCookies).toBe(false)
    expect(parseEnv({ NODE_ENV: 'test', CROSS_SITE_COOKIES: 'false' }).crossSiteCookies).toBe(false)
  })

  it('take MAIL_LINK_URL as the base of mailed links, none (APP_URL then) by default', () => {
    expect(parseEnv({ NODE_ENV: 'test' }).mailLinkBase).toBeUndefined()
    expect(
      parseEnv({ NODE_ENV: 'test', APP_URL: 'https://shop.example.com/x' }).mailLinkBase,
    ).toBeUndefined()
    expect(
      parseEnv({
        NODE_ENV: 'test',
        APP_URL: 'https://shop.example.com',
        MAIL_LINK_URL: ' https://app.example.com/shop/ ',
      }).mailLinkBase,
    ).toBe('https://app.example.com/shop')
    expect(parseEnv({ NODE_ENV: 'test', MAIL_LINK_URL: '' }).mailLinkBase).toBeUndefined()
    for (const bad of ['app.example.com', 'ftp://app.example.com', 'https://a.example/?x=1']) {
      expect(() => parseEnv({ NODE_ENV: 'test', MAIL_LINK_URL: bad }), bad).toThrow(
        'MAIL_LINK_URL: must be an absolute http(s) URL',
      )
    }
  })
})
