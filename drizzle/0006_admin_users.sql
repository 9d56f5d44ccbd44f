-- The admin user list (issue 9): substring search over names and e-mail addresses (ILIKE on
-- escaped text, served by trigrams; pg_trgm comes from 0000), the default order (oldest first,
-- id as tie-break, so pages never repeat or skip a user), and the admins alone, which the role
-- change locks to keep at least one.
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_admins_idx" ON "users" USING btree ("id") WHERE role = 'admin';
