-- The admin's product list (lib/products/list-admin-products.ts) sorts by name and by stock, with
-- the id as tie-break, over the products for sale; these keep its pages index reads on a large
-- catalog. Hand-written (no snapshot); `if not exists` because 0005/0006 of the other admin
-- branches may land in any order.
CREATE INDEX IF NOT EXISTS "products_name_idx" ON "products" USING btree ("name", "id") WHERE not "products"."archived";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_stock_idx" ON "products" USING btree ("stock", "id") WHERE not "products"."archived";
