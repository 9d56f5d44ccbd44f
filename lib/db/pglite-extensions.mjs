// The PostgreSQL extensions the embedded database loads. Every opener of a data folder that used
// them must load them too (lib/db/open.ts in the process, lib/db/pglite-worker.mjs in its thread),
// so the list lives only here.
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'

export const pgliteExtensions = { pg_trgm, unaccent, fuzzystrmatch }
