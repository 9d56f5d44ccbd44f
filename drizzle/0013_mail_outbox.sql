-- The mail outbox (issue 16): every mail the shop sends is a row here, written in the same
-- transaction as the change that causes it (an order, a signup and its token, a reset token, an
-- e-mail or password change), so a crash after the commit loses no mail and a rolled-back change
-- sends none. lib/mail/mail-worker.ts delivers the rows: it claims one with FOR UPDATE SKIP
-- LOCKED (one host per mail) and moves `next_attempt_at` past the delivery's time limit, which
-- is the claim's lease: a host that dies mid-delivery holds the mail only until then. `claim`
-- names the attempt, so a late answer of an expired one changes nothing. `data` is what the mail
-- is rendered from at delivery (a name, an order id; never a link's token, which is issued as the
-- mail leaves); it is emptied once the mail is sent or has failed. The rows go with their user. A `skipped` row stands for a mail not sent (a reset
-- asked for an address without an account): it makes that answer's commit cost what a real
-- mail's does (lib/mail/queue-mail.ts `queueNoMail`), and is pruned like sent mail.
CREATE TABLE IF NOT EXISTS "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim" uuid,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK (status in ('pending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE status = 'pending';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_finished_idx" ON "mail_outbox" USING btree ("finished_at") WHERE status <> 'pending';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id");
--> statement-breakpoint
-- Wakes every worker when mail is queued: the notification goes out at the commit (none on a
-- rollback), once per transaction, on PostgreSQL to every app host and on the embedded database
-- to its one process. The insert stays one statement for the code that queues.
CREATE FUNCTION shop_mail_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_mail', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mail_outbox_queued AFTER INSERT ON mail_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION shop_mail_queued();
