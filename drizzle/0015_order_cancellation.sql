-- Cancelled orders (issue 19, docs/decisions/0017-cancellation.md). An order still processing
-- (the shopper, or an admin) or shipped (an admin) may be cancelled; it keeps its lines and
-- totals for the records, its stock goes back, and it counts in no revenue figure.
ALTER TABLE "orders" DROP CONSTRAINT IF EXISTS "orders_status_check";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check"
  CHECK (order_status in ('processing', 'Shipped', 'Delivered', 'Cancelled'));
--> statement-breakpoint
-- Set together by the cancellation: when, by whom, and an admin's reason (shown to the shopper).
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "cancelled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "cancelled_by" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "cancel_reason" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_by_check"
  CHECK (cancelled_by in ('shopper', 'admin'));
--> statement-breakpoint
-- The counters of drizzle/0009 as before, except that a cancelled order counts with 0 cents: it
-- is still an order (counted under 'Cancelled'), but no sum of cents (the dashboard's revenue,
-- the admin list's totalAmount) may hold its total. A cancellation (an update from processing or
-- Shipped) thus takes the order's cents out of its old status and adds none.
CREATE OR REPLACE FUNCTION shop_order_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Per status, what this statement added or took away, into one shard picked at random.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_totals AS t (order_status, shard, orders, cents)
    SELECT order_status, floor(random() * 16)::smallint, count(*),
           sum(CASE WHEN order_status = 'Cancelled' THEN 0 ELSE total_cents END)
    FROM new_rows GROUP BY order_status
  ON CONFLICT (order_status, shard)
    DO UPDATE SET orders = t.orders + excluded.orders, cents = t.cents + excluded.cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_totals AS t (order_status, shard, orders, cents)
    SELECT order_status, floor(random() * 16)::smallint, -count(*),
           -sum(CASE WHEN order_status = 'Cancelled' THEN 0 ELSE total_cents END)
    FROM old_rows GROUP BY order_status
  ON CONFLICT (order_status, shard)
    DO UPDATE SET orders = t.orders + excluded.orders, cents = t.cents + excluded.cents;
  ELSE
    INSERT INTO order_totals AS t (order_status, shard, orders, cents)
    SELECT order_status, floor(random() * 16)::smallint, sum(n), sum(c)
    FROM (SELECT order_status, -1 AS n,
                 -(CASE WHEN order_status = 'Cancelled' THEN 0 ELSE total_cents END) AS c
          FROM old_rows
          UNION ALL SELECT order_status, 1,
                 CASE WHEN order_status = 'Cancelled' THEN 0 ELSE total_cents END
          FROM new_rows) AS d
    GROUP BY order_status HAVING sum(n) <> 0 OR sum(c) <> 0
  ON CONFLICT (order_status, shard)
    DO UPDATE SET orders = t.orders + excluded.orders, cents = t.cents + excluded.cents;
  END IF;
  RETURN NULL;
END $$;
