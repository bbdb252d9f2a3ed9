-- Email bodies (codes, links, the signed letter) are now stored only encrypted, in "sealed". The plaintext
-- columns go. Rows not yet sent cannot be delivered without a body (nor encrypted here: the key is not in
-- the database), so they are deleted; the person asks for a new code. Sent rows keep their metadata.
DELETE FROM "email_outbox" WHERE "sent_at" IS NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "sealed" text;--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "subject";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "text";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "html";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "links";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "attachments";
