CREATE TABLE "agency_open_payment" (
	"application_id" uuid NOT NULL,
	"disbursement_id" text NOT NULL,
	"sent_on" date NOT NULL,
	CONSTRAINT "agency_open_payment_application_id_disbursement_id_pk" PRIMARY KEY("application_id","disbursement_id")
);
--> statement-breakpoint
ALTER TABLE "agency_open_payment" ADD CONSTRAINT "agency_open_payment_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_open_payment_sent_on_idx" ON "agency_open_payment" USING btree ("sent_on","application_id");--> statement-breakpoint
CREATE INDEX "agency_event_draft_returned_idx" ON "agency_event" USING btree ("application_id","occurred_at") WHERE "agency_event"."type" = 'draft.returned';--> statement-breakpoint
-- The payments already recorded as sent without an outcome, so the open list starts as the ledger stands.
INSERT INTO "agency_open_payment" ("application_id", "disbursement_id", "sent_on")
SELECT DISTINCT ON (s."application_id", s."body"->'data'->>'disbursementId')
  s."application_id", s."body"->'data'->>'disbursementId', (s."body"->'data'->>'sentOn')::date
FROM "agency_event" s
WHERE s."type" = 'disbursement.sent'
  AND NOT EXISTS (
    SELECT 1 FROM "agency_event" o
    WHERE o."application_id" = s."application_id"
      AND o."type" IN ('disbursement.posted', 'disbursement.rejected')
      AND o."body"->'data'->>'disbursementId' = s."body"->'data'->>'disbursementId')
ORDER BY s."application_id", s."body"->'data'->>'disbursementId', s."occurred_at";
