-- When a creditor's answer changes the plan the borrower authorized: each notice they were sent
-- (plan_change_notice), the draft a confirmed higher amount applies from (plan_authorization.applies_from) and,
-- in the plan handed to the agency, a higher amount that waits for the borrower's confirmation.
CREATE TABLE "plan_change_notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"authorized_monthly_draft_amount" integer NOT NULL,
	"monthly_draft_amount" integer NOT NULL,
	"applies_from" date,
	"needs_confirmation" boolean NOT NULL,
	"terms_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dmp_enrollment" ADD COLUMN "pending_monthly_payment_amount" integer;--> statement-breakpoint
ALTER TABLE "plan_authorization" ADD COLUMN "applies_from" date;--> statement-breakpoint
ALTER TABLE "plan_change_notice" ADD CONSTRAINT "plan_change_notice_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_change_notice_application_id_created_at_idx" ON "plan_change_notice" USING btree ("application_id","created_at");