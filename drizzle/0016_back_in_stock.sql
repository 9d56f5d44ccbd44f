-- Back-in-stock alerts (issue 19; docs/decisions/0019-back-in-stock.md). A row asks for one mail
-- when its product can be bought again. They go with their product (a real delete; an archived
-- product loses them by the trigger below) and with their user.
CREATE TABLE IF NOT EXISTS "stock_alerts" (
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_pkey" PRIMARY KEY ("product_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_alerts_user_idx" ON "stock_alerts" USING btree ("user_id");
--> statement-breakpoint
-- When a product's stock goes from 0 to more, by whatever path (an admin's edit, an order
-- cancelled, an import, a hand-written UPDATE), each subscriber gets one mail through the outbox,
-- in the transaction of the change, and the subscription ends. The DELETE ... RETURNING takes
-- each row once: two raises that both saw 0 (they cannot on one row: the second waits for the
-- first's row lock and then sees its stock) would still mail each subscriber once. The mail's
-- data is what lib/mail/mail-kinds.ts checks for the kind 'back-in-stock'; the worker renders it
-- from the product as it is when the mail leaves.
CREATE FUNCTION shop_back_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most products have nobody waiting: no insert then, and so no wake-up of the mail workers
  -- (the outbox's statement trigger notifies even for an insert of no rows).
  IF NOT EXISTS (SELECT 1 FROM stock_alerts WHERE product_id = NEW.id) THEN
    RETURN NULL;
  END IF;
  WITH ended AS (
    DELETE FROM stock_alerts WHERE product_id = NEW.id RETURNING user_id
  )
  INSERT INTO mail_outbox (user_id, kind, recipient, data)
  SELECT u.id, 'back-in-stock', u.email,
         jsonb_build_object('name', u.name, 'productId', NEW.id)
  FROM ended JOIN users u ON u.id = ended.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_back_in_stock AFTER UPDATE OF stock ON products
  FOR EACH ROW WHEN (OLD.stock = 0 AND NEW.stock > 0 AND NOT NEW.archived)
  EXECUTE FUNCTION shop_back_in_stock();
--> statement-breakpoint
-- A deleted (archived) product will not come back: its subscriptions end without a mail.
CREATE FUNCTION shop_stock_alerts_archived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stock_alerts WHERE product_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_stock_alerts_archived AFTER UPDATE OF archived ON products
  FOR EACH ROW WHEN (NEW.archived AND NOT OLD.archived)
  EXECUTE FUNCTION shop_stock_alerts_archived();
