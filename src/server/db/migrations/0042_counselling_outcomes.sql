ALTER TABLE "counselling_call" ADD COLUMN "outcome_recorded_by" text;--> statement-breakpoint
ALTER TABLE "counselling_call" ADD COLUMN "outcome_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "counselling_call" ADD COLUMN "contact_attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "counselling_call" ADD CONSTRAINT "counselling_call_outcome_recorded_by_user_id_fk" FOREIGN KEY ("outcome_recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_call" ADD CONSTRAINT "counselling_call_contact_attempt_id_contact_attempt_id_fk" FOREIGN KEY ("contact_attempt_id") REFERENCES "public"."contact_attempt"("id") ON DELETE set null ON UPDATE no action;