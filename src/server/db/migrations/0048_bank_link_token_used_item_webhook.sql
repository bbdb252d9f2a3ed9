ALTER TABLE "bank_link_token" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plaid_item" ADD COLUMN "webhook_url" text;