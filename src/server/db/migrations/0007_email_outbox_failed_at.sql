ALTER TABLE "email_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_failed_idx" ON "email_outbox" USING btree ("failed_at");--> statement-breakpoint
-- The queue used to stop after 8 failed attempts without saying so. Such emails already older than the
-- default give-up age (48 hours) are marked failed here rather than sent days late; younger ones are retried.
UPDATE "email_outbox" SET "failed_at" = now() WHERE "sent_at" IS NULL AND "attempts" >= 8 AND "created_at" < now() - interval '48 hours';
