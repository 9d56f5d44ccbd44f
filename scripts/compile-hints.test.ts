import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { COMPILE_HINT, markCompileHints } from './compile-hints.mjs'

// The compile hint the build writes at the top of its script chunks (scripts/compile-hints.mjs).

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true })
})

/** A stand-in build: chunks (one a polyfill, one nested, a stylesheet) and its manifest. */
function build(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hints-'))
  roots.push(root)
  const chunks = path.join(root, '.next', 'static', 'chunks')
  fs.mkdirSync(path.join(chunks, 'app'), { recursive: true })
  fs.writeFileSync(path.join(chunks, 'main.js'), 'console.log(1)\n')
  fs.writeFileSync(path.join(chunks, 'app', 'page.js'), '//# sourceMappingURL=page.js.map\nx()')
  fs.writeFileSync(path.join(chunks, 'polyfill.js'), 'polyfill()')
  fs.writeFileSync(path.join(chunks, 'styles.css'), 'a{}')
  fs.writeFileSync(
    path.join(root, '.next', 'build-manifest.json'),
    JSON.stringify({ polyfillFiles: ['static/chunks/polyfill.js'] }),
  )
  return root
}

const read = (root: string, rel: string) =>
  fs.readFileSync(path.join(root, '.next', 'static', 'chunks', rel), 'utf8')

describe('markCompileHints', () => {
  it('puts the hint on the first line of every script but the polyfills, once', () => {
    const root = build()
    expect(markCompileHints(root)).toBe(2)
    expect(read(root, 'main.js')).toBe(`${COMPILE_HINT}console.log(1)\n`)
    expect(read(root, 'app/page.js')).toBe(`${COMPILE_HINT}//# sourceMappingURL=page.js.map\nx()`)
    expect(read(root, 'polyfill.js')).toBe('polyfill()')
    expect(read(root, 'styles.css')).toBe('a{}')
    // A second run (a build step repeated) changes nothing.
    expect(markCompileHints(root)).toBe(0)
    expect(read(root, 'main.js')).toBe(`${COMPILE_HINT}console.log(1)\n`)
  })

  it('does nothing without a build', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hints-'))
    roots.push(root)
    expect(markCompileHints(root)).toBe(0)
  })
})
