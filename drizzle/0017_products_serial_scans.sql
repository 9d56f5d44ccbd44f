-- The catalog is read without parallel workers (issue 17; docs/decisions/0005-search.md). A
-- keyword that matches thousands of products (a typo of "laptop" at 100,000 products) had
-- PostgreSQL plan a parallel scan and sort: 100 to 170 ms on a 2-core machine that also runs the
-- shop, against 36 ms on one process, and under load each such query takes cores from every
-- other request. Every read of this table is a shopper's or an admin's request, never a report.
ALTER TABLE "products" SET (parallel_workers = 0);
