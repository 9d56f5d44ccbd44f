// Every method a route of /api/v1 exports (lib/api/routes.ts builds each route's handlers from
// it). One list for the two places that need it: the route table, and scripts/server.mjs, which
// refuses any other method under /api/ before Next sees the request.
const HTTP_METHODS = Object.freeze(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

module.exports = { HTTP_METHODS }
