-- The plan's terms the borrower authorizes (plan_authorization), an offer the borrower leaves out, the borrower's
-- acceptance of the terms and each signer's consent to electronic records. plan_authorization announces its
-- changes like every table the borrower summary shows (migration 0020).
CREATE TABLE "plan_authorization" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"draft_day" integer NOT NULL,
	"first_draft_date" date NOT NULL,
	"monthly_draft_amount" integer NOT NULL,
	"setup_fee" integer NOT NULL,
	"term_in_months" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "decision" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "decision" ADD COLUMN "acceptance_disclosure_version" text;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "declined_by_borrower" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "docusign_signer" ADD COLUMN "electronic_records_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "docusign_signer" ADD COLUMN "electronic_records_consent_version" text;--> statement-breakpoint
ALTER TABLE "plan_authorization" ADD CONSTRAINT "plan_authorization_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_authorization_application_id_created_at_idx" ON "plan_authorization" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE TRIGGER "plan_authorization_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "plan_authorization" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();
