CREATE TABLE "agency_day_off" (
	"day" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counselling_call_notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"call_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "counselling_call" ADD COLUMN "link_moves" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_day_off" ADD CONSTRAINT "agency_day_off_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_call_notice" ADD CONSTRAINT "counselling_call_notice_call_id_counselling_call_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."counselling_call"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counselling_call_notice_recipient_idx" ON "counselling_call_notice" USING btree ("recipient","created_at");