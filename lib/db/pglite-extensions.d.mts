import type { Extension } from '@electric-sql/pglite'

export const pgliteExtensions: Record<'pg_trgm' | 'unaccent' | 'fuzzystrmatch', Extension>
