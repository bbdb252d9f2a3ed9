CREATE TABLE "stored_document" (
	"key" text PRIMARY KEY NOT NULL,
	"body" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "e_signature_sandbox_envelope" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "e_signature_sandbox_envelope" ADD COLUMN "sealed" text;