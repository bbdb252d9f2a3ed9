CREATE TABLE "agency_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_key" text NOT NULL,
	"application_id" uuid NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"body" jsonb NOT NULL,
	"body_sha256" text NOT NULL,
	"source" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_event_event_key_key" UNIQUE("event_key")
);
--> statement-breakpoint
ALTER TABLE "agency_event" ADD CONSTRAINT "agency_event_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_event_application_occurred_idx" ON "agency_event" USING btree ("application_id","occurred_at","event_key");