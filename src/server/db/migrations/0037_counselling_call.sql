CREATE TABLE "counselling_call" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"counsellor_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'booked' NOT NULL,
	"borrower_user_id" text,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_email" text NOT NULL,
	"language" text NOT NULL,
	"reminder" text NOT NULL,
	"time_zone" text NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counselling_call_order" CHECK ("counselling_call"."starts_at" < "counselling_call"."ends_at"),
	CONSTRAINT "counselling_call_state" CHECK ("counselling_call"."state" in ('booked', 'rescheduled', 'cancelled', 'completed', 'missed')),
	CONSTRAINT "counselling_call_reminder" CHECK ("counselling_call"."reminder" in ('email', 'emailAndText'))
);
--> statement-breakpoint
CREATE TABLE "counsellor" (
	"user_id" text PRIMARY KEY NOT NULL,
	"languages" text[] DEFAULT '{en}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counsellor_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"counsellor_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counsellor_time_off_order" CHECK ("counsellor_time_off"."starts_at" < "counsellor_time_off"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "counsellor_weekly_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"counsellor_id" text NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "counsellor_weekly_hours_weekday" CHECK ("counsellor_weekly_hours"."weekday" between 1 and 7),
	CONSTRAINT "counsellor_weekly_hours_minutes" CHECK ("counsellor_weekly_hours"."start_minute" >= 0 and "counsellor_weekly_hours"."end_minute" <= 1440 and "counsellor_weekly_hours"."start_minute" < "counsellor_weekly_hours"."end_minute")
);
--> statement-breakpoint
ALTER TABLE "counselling_call" ADD CONSTRAINT "counselling_call_counsellor_id_user_id_fk" FOREIGN KEY ("counsellor_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_call" ADD CONSTRAINT "counselling_call_borrower_user_id_user_id_fk" FOREIGN KEY ("borrower_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counsellor" ADD CONSTRAINT "counsellor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counsellor_time_off" ADD CONSTRAINT "counsellor_time_off_counsellor_id_counsellor_user_id_fk" FOREIGN KEY ("counsellor_id") REFERENCES "public"."counsellor"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counsellor_weekly_hours" ADD CONSTRAINT "counsellor_weekly_hours_counsellor_id_counsellor_user_id_fk" FOREIGN KEY ("counsellor_id") REFERENCES "public"."counsellor"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counselling_call_counsellor_slot_key" ON "counselling_call" USING btree ("counsellor_id","starts_at") WHERE "counselling_call"."state" in ('booked', 'rescheduled');--> statement-breakpoint
CREATE INDEX "counselling_call_starts_at_idx" ON "counselling_call" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "counselling_call_borrower_idx" ON "counselling_call" USING btree ("borrower_user_id");--> statement-breakpoint
CREATE INDEX "counselling_call_email_idx" ON "counselling_call" USING btree ("contact_email","ends_at");--> statement-breakpoint
CREATE INDEX "counselling_call_counsellor_created_idx" ON "counselling_call" USING btree ("counsellor_id","created_at");--> statement-breakpoint
CREATE INDEX "counsellor_time_off_counsellor_idx" ON "counsellor_time_off" USING btree ("counsellor_id","ends_at");--> statement-breakpoint
CREATE INDEX "counsellor_weekly_hours_counsellor_idx" ON "counsellor_weekly_hours" USING btree ("counsellor_id");