CREATE TABLE "counselling_call_reminder" (
	"call_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"revision" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counselling_call_reminder_call_id_kind_revision_pk" PRIMARY KEY("call_id","kind","revision"),
	CONSTRAINT "counselling_call_reminder_kind" CHECK ("counselling_call_reminder"."kind" in ('day', 'hour'))
);
--> statement-breakpoint
ALTER TABLE "counselling_call_reminder" ADD CONSTRAINT "counselling_call_reminder_call_id_counselling_call_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."counselling_call"("id") ON DELETE cascade ON UPDATE no action;