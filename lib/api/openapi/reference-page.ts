import 'server-only'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { SITE } from '@/lib/site'
import { API_PREFIX } from '../routes'

// The API reference page (/docs/api, docs/api.md#the-openapi-document): Scalar's API reference
// (@scalar/api-reference, MIT) rendering GET /api/v1/openapi.json. Everything it needs is served
// by the shop itself, never a CDN: the page, Scalar's browser bundle read from node_modules (once
// per process), and a small start script. All three are files from the shop's origin, so the
// page runs under the default Content-Security-Policy (script-src 'self', no inline script:
// docs/decisions/0006-csp.md) with nothing added. Scalar's calls to its own services are
// switched off in the start script (see there); connect-src 'self' would refuse them anyway.

export const REFERENCE_PATH = '/docs/api'
const BUNDLE = path.join(
  process.cwd(),
  'node_modules/@scalar/api-reference/dist/browser/standalone.js',
)

// The bundle carries its own copy of zod, which probes `new Function('')` once to decide whether
// to compile its object parsers. Under script-src 'self' (no 'unsafe-eval') the probe fails, as
// zod expects, but the browser reports a CSP violation for it. The shop's own zod is told not to
// probe (jitless, lib/zod.ts); this copy cannot be configured from outside, so its probe is
// answered "no eval" in the served bytes, which is what the policy makes true anyway. A unit test
// checks that the installed bundle has exactly one such probe (tests/unit/api-reference.test.ts).
const EVAL_PROBE = /try\{return new Function\(""\),!0\}catch\(\w+\)\{return!1\}/g

/** The bundle as served: zod's eval probe replaced by its answer under the shop's policy. */
export function withoutEvalProbe(source: string): string {
  const probes = source.match(EVAL_PROBE)?.length ?? 0
  if (probes !== 1) throw new Error(`Expected one eval probe in Scalar's bundle, found ${probes}`)
  return source.replace(EVAL_PROBE, 'return!1')
}

let bundle: { bytes: Buffer; version: string } | undefined

/** Scalar's browser bundle, and a version of it for the page's URL (so a new one is fetched). */
export function scalarBundle(): { bytes: Buffer; version: string } {
  if (!bundle) {
    const bytes = Buffer.from(withoutEvalProbe(fs.readFileSync(BUNDLE, 'utf8')))
    const version = createHash('sha256').update(bytes).digest('hex').slice(0, 12)
    bundle = { bytes, version }
  }
  return bundle
}

// Fonts from the shop (withDefaultFonts: false, instead of Scalar's font server); no AI agent,
// developer toolbar or telemetry (each would call Scalar's servers); the document downloads as
// JSON, as it is served; no link to Scalar's hosted API client (it would hand it the document's
// address). The element must not be #api-reference: the bundle mounts a second, unconfigured
// reference on an element with that id by itself.
export const START_SCRIPT = `Scalar.createApiReference('#reference', {
  url: '${API_PREFIX}/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  documentDownloadType: 'json',
  hideClientButton: true,
})
`

export function referenceHtml(): string {
  const { version } = scalarBundle()
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${SITE.name} API reference</title>
<link rel="icon" href="/icon.svg" type="image/svg+xml">
</head>
<body>
<noscript>The reference needs JavaScript. The OpenAPI document itself is at <a href="${API_PREFIX}/openapi.json">${API_PREFIX}/openapi.json</a>.</noscript>
<div id="reference"></div>
<script src="${REFERENCE_PATH}/scalar.js?v=${version}"></script>
<script src="${REFERENCE_PATH}/start.js"></script>
</body>
</html>
`
}
