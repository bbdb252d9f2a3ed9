-- The summary list counts and pages each status's applications of a date window from this index alone (an
-- index-only scan, no table row read): the claim filters' assigned_to and the page's id ride along. Same name
-- and key columns as before, so the schema in src/server/db/schema/application.ts still describes it.
DROP INDEX IF EXISTS "application_status_created_at_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "application_status_created_at_idx" ON "application" USING btree ("status","created_at") INCLUDE ("assigned_to","id");
