import { z } from 'zod'

// Import `z` from here, not from 'zod', in every module that builds schemas. The account area and
// the product page run under a strict Content-Security-Policy without 'unsafe-eval'; zod's
// compiled object parsers probe `new Function` when a schema is built, and the browser reports
// that probe as a CSP violation even though zod catches it. Jitless (interpreted) parsers are
// fast enough for forms and request bodies, and importing through this module guarantees the
// setting runs before any schema is built.
z.config({ jitless: true })

export { z }
