CREATE INDEX "application_created_at_id_idx" ON "application" USING btree ("created_at","id");--> statement-breakpoint
-- The queue's search by id prefix ('1a2b3c'): ids as text in byte order, so LIKE '1a2b3c%' walks an index.
-- Written by hand: drizzle-kit does not generate operator classes on expressions.
CREATE INDEX IF NOT EXISTS "application_id_text_idx" ON "application" USING btree (("id"::text) text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "borrower_id_text_idx" ON "borrower" USING btree (("id"::text) text_pattern_ops);
