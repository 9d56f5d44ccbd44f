-- pg_trgm powers typo-tolerant keyword search (similarity) and fast ILIKE on product names.
-- Every engine that opens this database must be able to load it (PGlite: the pg_trgm extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
