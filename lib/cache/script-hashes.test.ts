import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes } from './script-hashes.cjs'

// The hashes a stored page's policy allows (lib/csp.ts): exactly its inline scripts, as a browser
// hashes them (the UTF-8 bytes of the script's text).

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('inlineScriptHashes', () => {
  it("hashes each inline script's text once, and no script that has a src", () => {
    const push = 'self.__next_f.push([1,"“quoted” €"])'
    const html =
      '<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script>' +
      '<script>(self.__next_f=self.__next_f||[]).push([0])</script></head><body>' +
      `<script id="x">${push}</script><SCRIPT type="application/ld+json">{"a":1}</SCRIPT >` +
      `<script>${push}</script><script async src='/b.js'></script><script></script></body></html>`
    expect(inlineScriptHashes(html)).toEqual([
      sha256('(self.__next_f=self.__next_f||[]).push([0])'),
      sha256(push),
      sha256('{"a":1}'),
      sha256(''),
    ])
  })

  it('finds nothing in a page without inline scripts', () => {
    expect(inlineScriptHashes('<html><body><p>script</p><script src="/a.js"></script>')).toEqual([])
  })
})
