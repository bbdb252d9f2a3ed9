-- A common search term (a surname one borrower in a hundred has) is found by walking the applications newest
-- first and testing each one's borrower until a page is full: about a thousand steps at a million
-- applications. Both indexes hold what those steps read (INCLUDE), so PostgreSQL reads the indexes alone
-- (index-only scans) instead of visiting each row: 16 ms → 6 ms for a page, measured at a million.
DROP INDEX IF EXISTS "application_created_at_id_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "application_created_at_id_idx" ON "application" USING btree ("created_at","id") INCLUDE ("status","assigned_to");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "borrower_application_search_idx" ON "borrower" USING btree ("application_id") INCLUDE ("id","first_name","last_name","email","phone_number");
