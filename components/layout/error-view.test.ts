import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import ErrorPage from '@/app/error'
import GlobalError from '@/app/global-error'

const failure = Object.assign(new Error('database gone'), { digest: '4242' })
const props = { error: failure, reset: () => {}, retry: () => {} }

describe('error pages', () => {
  it('tell the visitor what happened, offer a retry and a way home, and hide the cause', () => {
    const html = renderToStaticMarkup(createElement(ErrorPage, props))
    expect(html).toContain('role="alert"')
    expect(html).toContain('Something went wrong')
    expect(html).toMatch(/<button type="button"[^>]*>Try again<\/button>/)
    expect(html).toMatch(/<a href="\/"[^>]*>Go Home<\/a>/)
    expect(html).toContain('Reference: 4242')
    expect(html).not.toContain('database gone')
  })

  it('the global one brings its own document', () => {
    const html = renderToStaticMarkup(createElement(GlobalError, props))
    expect(html).toMatch(/^<html lang="en"><head><title>Something went wrong \| ByteShop<\/title>/)
    expect(html).toContain('<body')
    expect(html).toContain('Try again')
  })
})
