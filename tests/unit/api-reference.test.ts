import { describe, expect, it } from 'vitest'
import {
  referenceHtml,
  scalarBundle,
  START_SCRIPT,
  withoutEvalProbe,
} from '@/lib/api/openapi/reference-page'

// The API reference page (/docs/api): only files from the shop's origin, and a bundle that asks
// for no eval (its CSP has no 'unsafe-eval'; decision 0006). The browser side is
// e2e/api/api-reference.spec.ts.

describe('the API reference page', () => {
  it('loads its scripts from the shop only, with no inline script', () => {
    const html = referenceHtml()
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.map((m) => m[1]!.trim())).toEqual([
      `src="/docs/api/scalar.js?v=${scalarBundle().version}"`,
      'src="/docs/api/start.js"',
    ])
    expect(scripts.every((m) => m[2] === '')).toBe(true)
    expect(html).not.toMatch(/https?:\/\//)
    expect(START_SCRIPT).toContain("url: '/api/v1/openapi.json'")
    expect(START_SCRIPT).toContain('withDefaultFonts: false')
  })

  it("serves Scalar's bundle without its one eval probe", () => {
    const served = scalarBundle().bytes.toString('utf8')
    expect(served).not.toMatch(/new Function\(/)
    expect(served).not.toMatch(/\beval\(/)
    expect(served.length).toBeGreaterThan(1_000_000)
    expect(() => withoutEvalProbe('nothing to see')).toThrow(/found 0/)
  })
})
