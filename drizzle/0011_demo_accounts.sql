-- Demo accounts are marked in the database (issue 16): outside demo mode they cannot sign in and
-- their sessions end (lib/auth/demo-accounts.ts), whatever their e-mail says. Only the seed sets
-- the flag (lib/db/seed/seed-demo.ts); a signup or `npm run admin -- create` never does.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "demo" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Databases seeded before this column existed hold the two demo logins under the fixed ids the
-- seed gave them (lib/db/seed/demo-accounts.ts). Those ids mark them, not the e-mail: every other
-- account gets a random id (gen_random_uuid()), so no real account has one of them, while a real
-- shopper may well own adminuser@gmail.com. They are marked even when their password or address
-- was changed since: in demo mode anyone could do that through Guest Mode, so a change proves
-- nothing about who holds the account now. A shop that made the demo admin its own gets a real
-- admin with `npm run admin -- create` (README "Deploying"); the start-up log and `npm run
-- doctor` name the marked accounts.
UPDATE "users" SET "demo" = true
WHERE "id" IN ('00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a002');
--> statement-breakpoint
-- The start-up check and `npm run doctor` list the demo accounts: a handful of rows at most.
CREATE INDEX IF NOT EXISTS "users_demo_idx" ON "users" USING btree ("id") WHERE demo;
