-- Each signer of the Letter of Authorization: when the signing page first served them the PDF (they showed they
-- can open it, before consenting to electronic records) and when they chose paper instead.
ALTER TABLE "docusign_signer" ADD COLUMN "electronic_records_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "docusign_signer" ADD COLUMN "document_opened_at" timestamp with time zone;