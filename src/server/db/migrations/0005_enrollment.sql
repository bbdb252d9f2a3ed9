CREATE TABLE "e_signature_sandbox_envelope" (
	"envelope_id" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_event_provider_event_id_key" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "bank_link_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"link_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_link_token_link_token_key" UNIQUE("link_token")
);
--> statement-breakpoint
CREATE TABLE "docusign_signer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"docusign_id" uuid NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "docusign_signer_docusign_id_role_key" UNIQUE("docusign_id","role")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "docusign" ADD COLUMN "signed_document_sha256" text;--> statement-breakpoint
ALTER TABLE "docusign" ADD COLUMN "signed_document" text;--> statement-breakpoint
ALTER TABLE "plaid_item" ADD COLUMN "transactions_cursor" text;--> statement-breakpoint
ALTER TABLE "bank_link_token" ADD CONSTRAINT "bank_link_token_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docusign_signer" ADD CONSTRAINT "docusign_signer_docusign_id_docusign_id_fk" FOREIGN KEY ("docusign_id") REFERENCES "public"."docusign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_link_token_application_id_idx" ON "bank_link_token" USING btree ("application_id");