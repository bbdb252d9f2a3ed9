CREATE TABLE "creditor_details_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creditor_id" text NOT NULL,
	"changed_by" text NOT NULL,
	"reason" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "concession_programme" ADD COLUMN "max_term_months" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "concession_programme" ADD COLUMN "fair_share_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "concession_programme" ADD COLUMN "silent_default" text DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "concession_programme" ADD COLUMN "silent_after_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "creditor" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "creditor" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "creditor" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "creditor" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "creditor" ADD COLUMN "zip_code" text;--> statement-breakpoint
ALTER TABLE "creditor" ADD COLUMN "pays_by_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "creditor" ADD COLUMN "pays_by_ach" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "creditor" ADD COLUMN "ach_routing_number" text;--> statement-breakpoint
ALTER TABLE "creditor" ADD COLUMN "ach_account_number" text;--> statement-breakpoint
ALTER TABLE "creditor" ADD COLUMN "proposal_channel" text;--> statement-breakpoint
ALTER TABLE "creditor" ADD COLUMN "proposal_email" text;--> statement-breakpoint
ALTER TABLE "creditor" ADD COLUMN "response_days" integer;--> statement-breakpoint
ALTER TABLE "creditor" ADD COLUMN "concessions_after_payments" integer;--> statement-breakpoint
ALTER TABLE "creditor_details_change" ADD CONSTRAINT "creditor_details_change_creditor_id_creditor_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."creditor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creditor_details_change" ADD CONSTRAINT "creditor_details_change_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creditor_details_change_creditor_idx" ON "creditor_details_change" USING btree ("creditor_id","created_at");--> statement-breakpoint
ALTER TABLE "concession_programme" ADD CONSTRAINT "concession_programme_plan_check" CHECK ("concession_programme"."max_term_months" > 0 and "concession_programme"."fair_share_bp" >= 0 and "concession_programme"."silent_after_days" > 0 and "concession_programme"."silent_default" in ('accepted', 'declined'));