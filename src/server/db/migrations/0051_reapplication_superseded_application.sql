DROP INDEX "application_owner_key";--> statement-breakpoint
ALTER TABLE "application" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "application_owner_created_at_idx" ON "application" USING btree ("owner","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_owner_key" ON "application" USING btree ("owner") WHERE superseded_at is null;