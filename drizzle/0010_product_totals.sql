-- How many products are for sale per category, kept by triggers (issue 9): the admin's product
-- list shows this count on every load, and counting 100,000 products each time made its first
-- page twice as slow as on the demo shop. Stock changes (every order) do not touch it: the
-- update trigger fires only when a product is archived or changes category.
CREATE TABLE IF NOT EXISTS "product_totals" (
	"category" text PRIMARY KEY NOT NULL,
	"products" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION shop_product_totals_add(which text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_totals AS t (category, products) VALUES (which, delta)
  ON CONFLICT (category) DO UPDATE SET products = t.products + excluded.products
$$;
--> statement-breakpoint
CREATE FUNCTION shop_product_totals_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One statement: per category, the products for sale it added or took away.
  IF TG_OP = 'INSERT' THEN
    PERFORM shop_product_totals_add(category, n)
    FROM (SELECT category, count(*) AS n FROM new_rows WHERE NOT archived GROUP BY category) g;
  ELSE
    PERFORM shop_product_totals_add(category, -n)
    FROM (SELECT category, count(*) AS n FROM old_rows WHERE NOT archived GROUP BY category) g;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION shop_product_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT OLD.archived THEN PERFORM shop_product_totals_add(OLD.category, -1); END IF;
  IF NOT NEW.archived THEN PERFORM shop_product_totals_add(NEW.category, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_totals_insert AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_product_totals_rows();
--> statement-breakpoint
CREATE TRIGGER products_totals_delete AFTER DELETE ON products
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_product_totals_rows();
--> statement-breakpoint
CREATE TRIGGER products_totals_update AFTER UPDATE OF archived, category ON products
FOR EACH ROW WHEN (OLD.archived IS DISTINCT FROM NEW.archived OR OLD.category IS DISTINCT FROM NEW.category)
EXECUTE FUNCTION shop_product_totals_change();
--> statement-breakpoint
-- TRUNCATE fires no DELETE trigger: it empties the counters itself.
CREATE FUNCTION shop_product_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_totals_truncate AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION shop_product_totals_truncate();
--> statement-breakpoint
-- The products there already (the migration runs before the app serves anyone).
INSERT INTO product_totals (category, products)
SELECT category, count(*) FROM products WHERE NOT archived GROUP BY category;
