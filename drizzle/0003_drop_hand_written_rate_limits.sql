-- The hand-written rate-limit counters never used gave way to rate-limiter-flexible's store
-- (0004_rate_limiter_store.sql, lib/auth/rate-limit.ts).
DROP TABLE "rate_limits" CASCADE;