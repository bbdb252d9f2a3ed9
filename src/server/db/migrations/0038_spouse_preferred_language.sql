ALTER TABLE "spouse" ADD COLUMN "preferred_language" text;--> statement-breakpoint
ALTER TABLE "docusign_signer" ADD COLUMN "letter_language" text;--> statement-breakpoint
ALTER TABLE "docusign_signer" ADD COLUMN "letter_text_version" text;--> statement-breakpoint
ALTER TABLE "spouse" ADD CONSTRAINT "spouse_preferred_language_check" CHECK ("spouse"."preferred_language" in ('en', 'es'));