// The sha256 hashes of a page's inline scripts, as Content-Security-Policy source expressions.
// The page cache handler computes them once, when it stores a page (cache-handler.cjs), and the
// page carries them in its policy from then on, from Next's cache and from the front cache alike
// (docs/decisions/0006-csp.md). Next's inline scripts (`self.__next_f.push(…)`, its bootstrap)
// are the same bytes on every replay of a stored page, so their hashes hold; a script injected
// into the page by anybody else has no hash in the policy and does not run.

const { createHash } = require('node:crypto')

// A script element's start tag, its text, and its end tag. The text of a script element ends at
// the first `</script` whatever it holds (HTML's tokenizer); React writes `<` inside its inline
// data as `\u003c`, so no inline script of Next's holds one.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const HAS_SRC = /(?:^|\s)src\s*=/i

/**
 * The distinct hashes (`'sha256-…'`) of the inline scripts in `html`, in the order they first
 * appear. Scripts with a `src` are not inline ('self' covers them).
 * @param {string} html
 * @returns {string[]}
 */
function inlineScriptHashes(html) {
  const hashes = new Set()
  for (const match of html.matchAll(SCRIPT)) {
    if (HAS_SRC.test(match[1])) continue
    // Browsers hash the script's text as UTF-8, exactly as it stands in the document.
    hashes.add(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

module.exports = { inlineScriptHashes }
