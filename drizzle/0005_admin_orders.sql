-- The admin's order list (issue 9): filtered by status newest first, and sorted by total, on the
-- first page as fast with 100,000 orders as with the demo's few.
CREATE INDEX IF NOT EXISTS "orders_status_created_idx" ON "orders" USING btree ("order_status","created_at" DESC,"id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_total_idx" ON "orders" USING btree ("total_cents","id");
