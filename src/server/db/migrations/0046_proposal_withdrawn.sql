ALTER TABLE "proposal" DROP CONSTRAINT "proposal_state_check";--> statement-breakpoint
ALTER TABLE "proposal" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposal" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
CREATE INDEX "proposal_withdrawn_at_idx" ON "proposal" USING btree ("withdrawn_at") WHERE "proposal"."state" = 'withdrawn';--> statement-breakpoint
ALTER TABLE "proposal" ADD CONSTRAINT "proposal_state_check" CHECK ("proposal"."state" in ('prepared', 'sent', 'answered', 'noAnswer', 'withdrawn'));