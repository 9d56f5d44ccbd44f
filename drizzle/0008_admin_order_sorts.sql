-- The admin's order list (lib/orders/admin-order-query.ts) reads its first pages from indexes in
-- every sort and direction on 100,000 orders: by date with the id as tie-break
-- (orders_created_idx has no id), by status then date (or filtered by status), by total
-- (0005). Each index is read forwards or backwards for asc and desc, so the status index of 0005
-- (mixed directions) is replaced.
CREATE INDEX IF NOT EXISTS "orders_created_id_idx" ON "orders" USING btree ("created_at","id");
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_status_created_idx";
--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("order_status","created_at","id");
