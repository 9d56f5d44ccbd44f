-- Search made precise (issue 6): accents folded with unaccent, typos corrected against a small
-- vocabulary of name words (fuzzystrmatch), so no query compares a keyword with every product.
-- Every engine that opens this database must load unaccent and fuzzystrmatch (lib/db/open.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); naming the dictionary and marking the
-- wrapper IMMUTABLE is the documented way to index it. Qualified names: indexes and queries must
-- not depend on search_path.
CREATE FUNCTION shop_fold(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
-- The words of a name as typo correction sees them: folded, 4+ characters, with a letter.
CREATE FUNCTION shop_name_words(text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT DISTINCT w FROM regexp_split_to_table(public.shop_fold($1), '[^[:alnum:]]+') AS w
      WHERE length(w) >= 4 AND w ~ '[[:alpha:]]' $$;
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products, LATERAL shop_name_words(name) AS w ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- New products: one set-based insert per statement (a bulk insert of 100,000 rows stays fast).
CREATE FUNCTION shop_words_from_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM new_rows, LATERAL shop_name_words(new_rows.name) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_words_from_new_rows();
--> statement-breakpoint
-- Renamed products, row by row (a transition table cannot be limited to the name column, and
-- stock or rating updates must not pay for this).
CREATE FUNCTION shop_words_from_renamed_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT w FROM shop_name_words(NEW.name) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_rename AFTER UPDATE OF name ON products
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION shop_words_from_renamed_row();
--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";
--> statement-breakpoint
DROP INDEX "products_category_trgm_idx";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_search" text GENERATED ALWAYS AS (shop_fold(name)) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "products_name_search_trgm_idx" ON "products" USING gin ("name_search" gin_trgm_ops) WHERE not "products"."archived";
