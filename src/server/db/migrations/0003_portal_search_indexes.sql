CREATE INDEX "contact_attempt_created_at_idx" ON "contact_attempt" USING btree ("created_at");--> statement-breakpoint
-- The queue's search (ILIKE '%term%' over names, email and phone) uses trigram indexes (DESIGN section 8).
-- Written by hand: drizzle-kit does not generate operator classes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "borrower_first_name_trgm_idx" ON "borrower" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "borrower_last_name_trgm_idx" ON "borrower" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "borrower_full_name_trgm_idx" ON "borrower" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "borrower_email_trgm_idx" ON "borrower" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "borrower_phone_number_trgm_idx" ON "borrower" USING gin ("phone_number" gin_trgm_ops);
