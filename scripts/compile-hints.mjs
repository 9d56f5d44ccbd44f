// V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints, Chrome 136 and later):
// a script whose first line is `//# allFunctionsCalledOnLoad` has all its functions compiled
// while it downloads, on a background thread, instead of one at a time on the main thread the
// first time each runs. The build's chunks are exactly such scripts: a page or an island asks for
// a chunk when it needs it, and the chunk's modules are instantiated as soon as it arrives. On a
// phone's first visit (no code cache yet) that lazy compiling was the largest single piece of the
// long task that starts every storefront page (decision 0020). Browsers without the feature read
// a comment. Written into the build's files by scripts/build-if-needed.mjs after `next build`,
// before their Brotli copies are made.
import fs from 'node:fs'
import path from 'node:path'

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * The build's polyfill scripts: loaded `nomodule`, so never by a browser that reads the hint.
 * @param {string} root
 * @returns {Set<string>} their paths under .next/
 */
function polyfillFiles(root) {
  try {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(root, '.next', 'build-manifest.json'), 'utf8'),
    )
    return new Set(manifest.polyfillFiles ?? [])
  } catch {
    return new Set()
  }
}

/**
 * Puts the compile hint at the top of every script chunk of the build but the polyfills; a file
 * that has it already is left as it is. Answers how many files it changed.
 * @param {string} root
 */
export function markCompileHints(root) {
  const chunks = path.join(root, '.next', 'static', 'chunks')
  if (!fs.existsSync(chunks)) return 0
  const skip = polyfillFiles(root)
  let changed = 0
  for (const name of fs.readdirSync(chunks, { recursive: true })) {
    const rel = String(name).split(path.sep).join('/')
    if (!rel.endsWith('.js') || skip.has(`static/chunks/${rel}`)) continue
    const file = path.join(chunks, rel)
    const source = fs.readFileSync(file, 'utf8')
    if (source.startsWith(COMPILE_HINT)) continue
    fs.writeFileSync(file, COMPILE_HINT + source)
    changed++
  }
  return changed
}
