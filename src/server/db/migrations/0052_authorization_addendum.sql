ALTER TABLE "plan_authorization" ADD COLUMN "addendum_document" text;--> statement-breakpoint
ALTER TABLE "plan_authorization" ADD COLUMN "addendum_sha256" text;