import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { AppError } from '@/lib/errors'
import { orders, users } from '@/lib/db/schema'
import {
  containsPattern,
  listHref,
  offsetOf,
  pageCount,
  parseListParams,
  searchCondition,
} from './list-params'

const OPTS = { sorts: ['name', 'email', 'createdAt'] as const, defaultSort: 'createdAt' as const }
const api = (query: string) => parseListParams(new URLSearchParams(query), OPTS)

function apiError(query: string): AppError {
  try {
    api(query)
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error(`no error for ${query}`)
}

describe('parseListParams (API: strict)', () => {
  it('gives the defaults and paged=false without any list parameter', () => {
    expect(api('')).toEqual({
      page: 1,
      limit: 20,
      q: '',
      sort: 'createdAt',
      dir: 'asc',
      paged: false,
    })
    expect(api('other=1').paged).toBe(false)
  })

  it('reads every parameter and counts as paged with any of them', () => {
    expect(api('page=3&limit=50&q=%20Ann%20&sort=name&dir=desc')).toEqual({
      page: 3,
      limit: 50,
      q: 'Ann',
      sort: 'name',
      dir: 'desc',
      paged: true,
    })
    expect(api('q=').paged).toBe(true)
    expect(api('dir=DESC').dir).toBe('desc')
  })

  it('uses the default direction given', () => {
    const params = parseListParams(new URLSearchParams(), { ...OPTS, defaultDir: 'desc' })
    expect(params.dir).toBe('desc')
  })

  it.each([
    ['page=0', 'page must be a whole number from 1 to 1000000'],
    ['page=-1', 'page must be a whole number from 1 to 1000000'],
    ['page=1.5', 'page must be a whole number from 1 to 1000000'],
    ['page=abc', 'page must be a whole number from 1 to 1000000'],
    ['page=99999999999999999999', 'page must be a whole number from 1 to 1000000'],
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['limit=1e2', 'limit must be a whole number from 1 to 100'],
    ['sort=password', 'sort must be one of name, email, createdAt'],
    ['dir=up', 'dir must be asc or desc'],
    ['q=a%00b', 'q must not contain a NUL character'],
    [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
  ])('answers %s with a 400 naming the parameter', (query, message) => {
    const error = apiError(query)
    expect(error.code).toBe('INVALID')
    expect(error.message).toBe(message)
  })

  it('accepts the limits of each range', () => {
    expect(api('page=1000000&limit=100').page).toBe(1_000_000)
    expect(api('limit=1').limit).toBe(1)
    expect(api(`q=${'x'.repeat(100)}`).q).toHaveLength(100)
  })
})

describe('parseListParams (pages: lenient)', () => {
  const page = (source: Record<string, string | string[] | undefined>) =>
    parseListParams(source, OPTS)

  it('falls back to the defaults for bad values instead of failing', () => {
    expect(page({ page: '0', limit: '500', sort: 'password', dir: 'up' })).toEqual({
      page: 1,
      limit: 20,
      q: '',
      sort: 'createdAt',
      dir: 'asc',
      paged: true,
    })
  })

  it('strips NUL bytes and cuts an overlong search', () => {
    expect(page({ q: 'a\u0000b' }).q).toBe('ab')
    expect(page({ q: 'y'.repeat(300) }).q).toHaveLength(100)
  })

  it('takes the first of a repeated parameter', () => {
    expect(page({ page: ['4', '2'], sort: ['email'] })).toMatchObject({ page: 4, sort: 'email' })
  })

  it('can be made strict', () => {
    expect(() => parseListParams({ page: '0' }, { ...OPTS, strict: true })).toThrow(AppError)
  })
})

describe('listHref', () => {
  it('leaves page 1 and empty values out of the URL', () => {
    expect(listHref('/admin/manageorder', { page: 1, q: '', sort: undefined })).toBe(
      '/admin/manageorder',
    )
  })

  it('keeps the rest, filters included, encoded', () => {
    expect(
      listHref('/admin/manageorder', {
        page: 2,
        q: 'a&b c',
        sort: 'total',
        dir: 'desc',
        status: 'Shipped',
      }),
    ).toBe('/admin/manageorder?page=2&q=a%26b+c&sort=total&dir=desc&status=Shipped')
  })
})

describe('paging arithmetic', () => {
  it('counts at least one page and skips the rows before the page', () => {
    expect(pageCount(0, 20)).toBe(1)
    expect(pageCount(41, 20)).toBe(3)
    expect(offsetOf({ page: 3, limit: 20 })).toBe(40)
  })
})

describe('search', () => {
  const dialect = new PgDialect()

  it('takes the pattern characters of a search literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
  })

  it('matches a UUID as the exact id and any other text as a substring of the columns', () => {
    const id = '3F2504E0-4F89-11D3-9A0C-0305E82C3301'
    const byId = dialect.sqlToQuery(searchCondition(id, users.id, [users.name])!)
    expect(byId.sql).toBe('"users"."id" = $1')
    expect(byId.params).toEqual([id.toLowerCase()])

    const byText = dialect.sqlToQuery(searchCondition('ann', users.id, [users.name, users.email])!)
    expect(byText.sql).toBe('("users"."name" ilike $1 or "users"."email" ilike $2)')
    expect(byText.params).toEqual(['%ann%', '%ann%'])

    expect(searchCondition('', orders.id, [orders.orderStatus])).toBeUndefined()
  })
})
