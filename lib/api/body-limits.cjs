// The largest request body each endpoint takes, in one table for the two places that enforce it:
// - scripts/server.mjs refuses a larger declared Content-Length with 413 before Next sees the
//   request (nothing of the body is read, and Next never buffers any of it);
// - lib/api/body.ts counts the bytes as they arrive (a chunked body, or one whose Content-Length
//   lies, or a request that reached Next some other way) and stops at the cap with 413.
// Every path gets the JSON cap, whatever the content type; only the endpoints that take images
// or the product import's CSV get more, and their forms are parsed as a stream (busboy), one
// file at a time. Keys are the
// /api/v1 route patterns of lib/api/routes.ts (lib/api/body-limits.test.ts holds them to it).
const KB = 1024
const MB = 1024 * KB

/** The cap of every body but an image form: JSON, a form without files, anything else. */
const JSON_BODY_BYTES = 100 * KB
/** One uploaded image (lib/storage/images.ts UPLOAD_LIMITS.bytes). */
const IMAGE_BYTES = 5 * MB
/** Room for a form's text fields and the multipart framing around its files. */
const FORM_FIELDS_BYTES = 64 * KB
/** An admin's product form sends 1 to this many images (lib/products/constants.ts). */
const PRODUCT_IMAGES = 8
/** The most products one import file holds (lib/products/import-products.ts). */
const IMPORT_ROWS = 10_000
/**
 * One product row of the import at its largest, with room: a description of 5,000 characters,
 * a name of 200, 8 image URLs of about 80, the id, the figures and the quoting (about 5.9 KB).
 */
const IMPORT_ROW_BYTES = 6 * KB
/** The import's CSV: IMPORT_ROWS rows at their largest (58.6 MB), in one form with its fields. */
const IMPORT_FILE_BYTES = IMPORT_ROWS * IMPORT_ROW_BYTES

/** A form with up to `files` images of IMAGE_BYTES each, and its fields. */
const imageForm = (files) =>
  Object.freeze({
    maxBytes: files * IMAGE_BYTES + FORM_FIELDS_BYTES,
    maxFiles: files,
    maxFileBytes: IMAGE_BYTES,
  })

const JSON_ONLY = Object.freeze({ maxBytes: JSON_BODY_BYTES, maxFiles: 0, maxFileBytes: 0 })

/** The endpoints that take files, by route pattern; every other path has JSON_ONLY. */
const BODY_LIMITS = Object.freeze({
  // The avatar: signup and the profile.
  '/register': imageForm(1),
  '/me/update': imageForm(1),
  // A product's images.
  '/admin/product/new': imageForm(PRODUCT_IMAGES),
  '/admin/product/[id]': imageForm(PRODUCT_IMAGES),
  // The product import: one CSV file (decision 0018).
  '/admin/products/import': Object.freeze({
    maxBytes: IMPORT_FILE_BYTES + FORM_FIELDS_BYTES,
    maxFiles: 1,
    maxFileBytes: IMPORT_FILE_BYTES,
  }),
})

const API_PREFIX = '/api/v1/'

const PATTERNS = Object.keys(BODY_LIMITS).map((pattern) => ({
  parts: pattern.split('/').slice(1),
  limit: BODY_LIMITS[pattern],
}))

/**
 * The body limits of a request path (no query string): its row of BODY_LIMITS, or JSON_ONLY.
 * Paths are matched as Next routes them: case-sensitively (next.config.ts caseSensitiveRoutes),
 * so no other spelling of an image endpoint reaches its handler.
 * @param {string} pathname
 */
function bodyLimitFor(pathname) {
  if (!pathname.startsWith(API_PREFIX)) return JSON_ONLY
  let segments = pathname
    .slice(API_PREFIX.length - 1)
    .split('/')
    .slice(1)
  // One trailing slash is redirected by Next to the same route.
  if (segments.length > 1 && segments.at(-1) === '') segments = segments.slice(0, -1)
  for (const { parts, limit } of PATTERNS) {
    if (
      parts.length === segments.length &&
      parts.every((p, i) => (p.startsWith('[') ? segments[i] !== '' : p === segments[i]))
    ) {
      return limit
    }
  }
  return JSON_ONLY
}

/** The largest body any endpoint takes (deploy/nginx.conf's client_max_body_size covers it). */
const LARGEST_BODY_BYTES = Math.max(...Object.values(BODY_LIMITS).map((l) => l.maxBytes))

module.exports = {
  BODY_LIMITS,
  JSON_ONLY,
  JSON_BODY_BYTES,
  IMAGE_BYTES,
  FORM_FIELDS_BYTES,
  PRODUCT_IMAGES,
  IMPORT_ROWS,
  IMPORT_FILE_BYTES,
  LARGEST_BODY_BYTES,
  bodyLimitFor,
}
