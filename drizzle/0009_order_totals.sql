-- The number and the sum of the orders per status, kept by triggers (issue 9): the admin's order
-- list and the dashboard show these figures on every load, and counting 100,000 orders each time
-- made their first page five times slower than on the demo shop. Each status has 16 rows
-- ("shards"), one picked at random per change, so that orders placed at once rarely wait on one
-- another's row; a read adds up at most 48 rows. Statement triggers with transition tables:
-- a bulk insert of 100,000 orders is one upsert per status, not 100,000.
CREATE TABLE IF NOT EXISTS "order_totals" (
	"order_status" text NOT NULL,
	"shard" smallint NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_totals_pkey" PRIMARY KEY("order_status","shard")
);
--> statement-breakpoint
CREATE FUNCTION shop_order_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Per status, what this statement added or took away, into one shard picked at random.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_totals AS t (order_status, shard, orders, cents)
    SELECT order_status, floor(random() * 16)::smallint, count(*), sum(total_cents)
    FROM new_rows GROUP BY order_status
  ON CONFLICT (order_status, shard)
    DO UPDATE SET orders = t.orders + excluded.orders, cents = t.cents + excluded.cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_totals AS t (order_status, shard, orders, cents)
    SELECT order_status, floor(random() * 16)::smallint, -count(*), -sum(total_cents)
    FROM old_rows GROUP BY order_status
  ON CONFLICT (order_status, shard)
    DO UPDATE SET orders = t.orders + excluded.orders, cents = t.cents + excluded.cents;
  ELSE
    INSERT INTO order_totals AS t (order_status, shard, orders, cents)
    SELECT order_status, floor(random() * 16)::smallint, sum(n), sum(c)
    FROM (SELECT order_status, -1 AS n, -total_cents AS c FROM old_rows
          UNION ALL SELECT order_status, 1, total_cents FROM new_rows) AS d
    GROUP BY order_status HAVING sum(n) <> 0 OR sum(c) <> 0
  ON CONFLICT (order_status, shard)
    DO UPDATE SET orders = t.orders + excluded.orders, cents = t.cents + excluded.cents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_totals_insert AFTER INSERT ON orders
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_order_totals();
--> statement-breakpoint
CREATE TRIGGER orders_totals_update AFTER UPDATE ON orders
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION shop_order_totals();
--> statement-breakpoint
CREATE TRIGGER orders_totals_delete AFTER DELETE ON orders
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_order_totals();
--> statement-breakpoint
-- TRUNCATE fires no row or statement DELETE trigger: it empties the counters itself.
CREATE FUNCTION shop_order_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_totals_truncate AFTER TRUNCATE ON orders
FOR EACH STATEMENT EXECUTE FUNCTION shop_order_totals_truncate();
--> statement-breakpoint
-- The orders there already (the migration runs before the app serves anyone).
INSERT INTO order_totals (order_status, shard, orders, cents)
SELECT order_status, 0, count(*), sum(total_cents) FROM orders GROUP BY order_status;
