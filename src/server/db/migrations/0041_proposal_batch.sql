CREATE TABLE "proposal_batch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_day" date NOT NULL,
	"proposal_count" integer NOT NULL,
	"content" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_batch_agency_day_key" UNIQUE("agency_day")
);
--> statement-breakpoint
ALTER TABLE "proposal" ADD COLUMN "sent_by" text;--> statement-breakpoint
ALTER TABLE "proposal" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "proposal_batch" ADD CONSTRAINT "proposal_batch_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal" ADD CONSTRAINT "proposal_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal" ADD CONSTRAINT "proposal_batch_id_proposal_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."proposal_batch"("id") ON DELETE no action ON UPDATE no action;