-- A whole name typed in the queue's search ("mary smith") can only be found inside "first last": it is looked
-- up through these three indexes instead of the trigram index of a million names and emails
-- (src/server/features/service-portal/search-queue.ts, wholeNameMatches). Written by hand: drizzle-kit does
-- not generate operator classes, expressions in INCLUDE or partial trigram indexes.
-- Full names by their beginning: "mary smith" finds Mary Smith and Mary Smithson. It holds the application
-- and the names it is made of (INCLUDE), so the lookup reads the index alone.
CREATE INDEX IF NOT EXISTS "borrower_full_name_prefix_idx" ON "borrower" USING btree ((lower(coalesce("first_name", '') || ' ' || coalesce("last_name", ''))) text_pattern_ops) INCLUDE ("application_id", "first_name", "last_name");--> statement-breakpoint
-- First names by their end, read backwards: "mary smith" also finds Rosemary Smith.
CREATE INDEX IF NOT EXISTS "borrower_first_name_reversed_idx" ON "borrower" USING btree ((reverse(lower(coalesce("first_name", '')))) text_pattern_ops);--> statement-breakpoint
-- Last names by their beginning, then first names by their end: "ia smith" (Maria, Patricia… Smith) reads the
-- Smiths and checks their first names in the index, instead of every first name ending in "ia".
CREATE INDEX IF NOT EXISTS "borrower_last_name_prefix_idx" ON "borrower" USING btree ((lower(coalesce("last_name", ''))) text_pattern_ops, (reverse(lower(coalesce("first_name", '')))) text_pattern_ops);--> statement-breakpoint
-- The few borrowers whose names or email hold a space themselves (Mary Ann, De La Cruz): a term may match
-- anywhere in them, so they keep a trigram index of their own, small because they are few.
CREATE INDEX IF NOT EXISTS "borrower_spaced_search_text_trgm_idx" ON "borrower" USING gin ((lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || chr(1) || coalesce("email", ''))) gin_trgm_ops) WHERE "first_name" LIKE '% %' OR "last_name" LIKE '% %' OR "email" LIKE '% %';--> statement-breakpoint
-- Statistics for the new expressions, so the planner knows how many names a range holds before the next
-- automatic analysis (about a second at a million borrowers).
ANALYZE "borrower";
