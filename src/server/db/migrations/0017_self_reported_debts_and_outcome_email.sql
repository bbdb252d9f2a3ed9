ALTER TABLE "application" ADD COLUMN "outcome_emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "debt" ADD COLUMN "is_self_reported" boolean DEFAULT false NOT NULL;