-- The order is what the cart holds (issue 16).
-- The cart's version: bumped in the same transaction as every change of its lines (add, remove,
-- clear, an order) and sent as the cart's ETag. An order sent with If-Match is refused (412)
-- when the cart changed since the shopper saw it.
ALTER TABLE "carts" ADD COLUMN IF NOT EXISTS "version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A hash of the order input that claimed the key: the same key with another body is refused
-- (422) instead of answering the first order as if the new one had been placed. Keys stored
-- before this migration have none and replay as before.
ALTER TABLE "idempotency_keys" ADD COLUMN IF NOT EXISTS "request_hash" text;
--> statement-breakpoint
-- The order-placed screen is due once, for a new order: set when the order is placed, cleared
-- by the first view of /cart/orderplaced for it. Orders placed before this migration are not due.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "placed_screen_due" boolean DEFAULT false NOT NULL;
