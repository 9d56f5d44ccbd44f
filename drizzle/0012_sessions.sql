-- Sessions per device (issue 16): one row per signed-in browser or client, so that logout ends
-- that device alone, the profile lists the devices, and any one of them can be ended. The cookie
-- holds a random secret (sealed); the row keeps only its SHA-256, so a copy of this table signs
-- nobody in. The id is what the profile and the API show, never the secret.
CREATE TABLE IF NOT EXISTS "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_user_idx" ON "sessions" USING btree ("user_id", "last_seen_at");
--> statement-breakpoint
-- The sweep of idle sessions (lib/auth/session-store.ts) finds them by this index.
CREATE INDEX IF NOT EXISTS "sessions_last_seen_idx" ON "sessions" USING btree ("last_seen_at");
--> statement-breakpoint
-- The per-user session version ended every session of a user at once; the rows replace it.
-- Cookies of the old kind (user id and version) are refused from now on: everybody signs in once.
ALTER TABLE "users" DROP COLUMN IF EXISTS "session_version";
