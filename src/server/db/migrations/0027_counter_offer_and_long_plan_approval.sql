-- A creditor's counter-offer on its offer (the monthly payment and plan APR it asked for, beside the offer's own
-- figures), and a staff approval of a plan longer than 60 months on the application (the term, who, when, why).
ALTER TABLE "application" ADD COLUMN "long_plan_approved_term" integer;--> statement-breakpoint
ALTER TABLE "application" ADD COLUMN "long_plan_approved_by" text;--> statement-breakpoint
ALTER TABLE "application" ADD COLUMN "long_plan_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application" ADD COLUMN "long_plan_approval_reason" text;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "counter_payment" integer;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "counter_apr" integer;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_long_plan_approved_by_user_id_fk" FOREIGN KEY ("long_plan_approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;