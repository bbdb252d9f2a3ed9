CREATE TABLE "concession_programme" (
	"id" text PRIMARY KEY NOT NULL,
	"creditor_id" text NOT NULL,
	"version" integer NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"proposed_apr_bp" integer NOT NULL,
	"payment_bp" integer NOT NULL,
	"hardship_payment_bp" integer NOT NULL,
	"minimum_payment" integer NOT NULL,
	"source" text,
	"reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "concession_programme_version_key" UNIQUE("creditor_id","version"),
	CONSTRAINT "concession_programme_terms_check" CHECK ("concession_programme"."proposed_apr_bp" >= 0 and "concession_programme"."payment_bp" > 0 and "concession_programme"."hardship_payment_bp" > 0 and "concession_programme"."minimum_payment" >= 0)
);
--> statement-breakpoint
CREATE TABLE "creditor" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"match_names" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "concession_programme" ADD CONSTRAINT "concession_programme_creditor_id_creditor_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."creditor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concession_programme" ADD CONSTRAINT "concession_programme_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;