// Scalar's browser bundle as the shop serves it for the API reference page (/docs/api; the page
// itself is lib/api/openapi/reference-page.ts). Read once per process from node_modules, with
// its one eval probe answered (below), and addressed by a hash of the served bytes so that a new
// bundle gets a new URL. One module for both servers of the file: the shop's front
// (scripts/static-assets.mjs, compressed once, before Next) and Next's route
// (app/docs/api/scalar.js/route.ts, for `next start` and `next dev`).
const { createHash } = require('node:crypto')
const fs = require('node:fs')
const path = require('node:path')

const SCALAR_BUNDLE_PATH = '/docs/api/scalar.js'
const SOURCE = 'node_modules/@scalar/api-reference/dist/browser/standalone.js'

// The bundle carries its own copy of zod, which probes `new Function('')` once to decide whether
// to compile its object parsers. Under script-src 'self' (no 'unsafe-eval') the probe fails, as
// zod expects, but the browser reports a CSP violation for it. The shop's own zod is told not to
// probe (jitless, lib/zod.ts); this copy cannot be configured from outside, so its probe is
// answered "no eval" in the served bytes, which is what the policy makes true anyway. A unit test
// checks that the installed bundle has exactly one such probe (tests/unit/api-reference.test.ts).
const EVAL_PROBE = /try\{return new Function\(""\),!0\}catch\(\w+\)\{return!1\}/g

/** The bundle as served: zod's eval probe replaced by its answer under the shop's policy. */
function withoutEvalProbe(source) {
  const probes = source.match(EVAL_PROBE)?.length ?? 0
  if (probes !== 1) throw new Error(`Expected one eval probe in Scalar's bundle, found ${probes}`)
  return source.replace(EVAL_PROBE, 'return!1')
}

/** @type {Map<string, { bytes: Buffer; version: string }>} */
const bundles = new Map()

/** The served bundle and its version (12 hex digits of its SHA-256), read once per root. */
function scalarBundle(root = process.cwd()) {
  let bundle = bundles.get(root)
  if (!bundle) {
    const bytes = Buffer.from(withoutEvalProbe(fs.readFileSync(path.join(root, SOURCE), 'utf8')))
    const version = createHash('sha256').update(bytes).digest('hex').slice(0, 12)
    bundle = { bytes, version }
    bundles.set(root, bundle)
  }
  return bundle
}

module.exports = { SCALAR_BUNDLE_PATH, scalarBundle, withoutEvalProbe }
