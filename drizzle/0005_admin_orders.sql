-- The admin's order list (issue 9): its first page as fast with 100,000 orders as with the demo's
-- few. Newest first with the id as tie-break (orders_created_idx has no id), a status filter or
-- sort with the date after it, and the sort by total; each serves both directions.
CREATE INDEX IF NOT EXISTS "orders_created_id_idx" ON "orders" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_status_created_idx" ON "orders" USING btree ("order_status","created_at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_total_idx" ON "orders" USING btree ("total_cents","id");
