ALTER TABLE "docusign" ADD COLUMN "letter_language" text;--> statement-breakpoint
ALTER TABLE "docusign" ADD COLUMN "letter_text_version" text;