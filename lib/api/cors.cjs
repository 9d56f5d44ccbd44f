// The CORS headers of an API answer to an origin listed in ALLOWED_ORIGINS (decision 0015), for
// every answer under /api/: Next's (lib/api/origin.ts) and the ones the server gives before Next
// sees the request (scripts/server.mjs: the early 413, 405 and 400, and the busy 503). Without
// them a client on another site sees a network error instead of the message and its Retry-After.
const CORS_EXPOSED = 'Retry-After, X-Request-Id, ETag, Idempotent-Replayed'

/**
 * @param {string | null | undefined} origin the request's Origin header
 * @param {readonly string[]} allowedOrigins
 * @returns {Record<string, string>}
 */
function corsHeadersFor(origin, allowedOrigins) {
  if (typeof origin !== 'string' || !allowedOrigins.includes(origin)) return {}
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': CORS_EXPOSED,
  }
}

module.exports = { corsHeadersFor }
