CREATE TABLE "proposal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"creditor_id" text,
	"state" text DEFAULT 'prepared' NOT NULL,
	"document_key" text NOT NULL,
	"prepared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"channel" text,
	"answered_at" timestamp with time zone,
	"answer" text,
	"answer_payment" integer,
	"answer_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_offer_id_key" UNIQUE("offer_id"),
	CONSTRAINT "proposal_state_check" CHECK ("proposal"."state" in ('prepared', 'sent', 'answered', 'noAnswer'))
);
--> statement-breakpoint
ALTER TABLE "proposal" ADD CONSTRAINT "proposal_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal" ADD CONSTRAINT "proposal_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal" ADD CONSTRAINT "proposal_creditor_id_creditor_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."creditor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_application_id_idx" ON "proposal" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "proposal_creditor_id_state_idx" ON "proposal" USING btree ("creditor_id","state");