import 'server-only'
// The shop's public origin for absolute URLs (canonical links, sitemap, structured data):
// APP_URL when set, else http://localhost:$PORT. Read when a page is rendered, not at build.
export function siteOrigin(): string {
  const configured = process.env.APP_URL
  if (configured && URL.canParse(configured)) return new URL(configured).origin
  return `http://localhost:${process.env.PORT || 3000}`
}
