import 'server-only'
import { SITE } from '@/lib/site'
import { API_PREFIX } from '../routes'
import { SCALAR_BUNDLE_PATH, scalarBundle, withoutEvalProbe } from './scalar-bundle.cjs'

// The API reference page (/docs/api, docs/api.md#the-openapi-document): Scalar's API reference
// (@scalar/api-reference, MIT) rendering GET /api/v1/openapi.json. Everything it needs is served
// by the shop itself, never a CDN: the page, Scalar's browser bundle read from node_modules
// (./scalar-bundle.cjs), and a small start script. All three are files from the shop's origin, so
// the page runs under the default Content-Security-Policy (script-src 'self', no inline script:
// docs/decisions/0006-csp.md) with nothing added. Scalar's calls to its own services are
// switched off in the start script (see there); connect-src 'self' would refuse them anyway.

export const REFERENCE_PATH = '/docs/api'
export { scalarBundle, withoutEvalProbe }

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
<script src="${SCALAR_BUNDLE_PATH}?v=${version}"></script>
<script src="${REFERENCE_PATH}/start.js"></script>
</body>
</html>
`
}
