CREATE TABLE "spouse_consent_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"spouse_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"sent_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spouse_consent_link_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "spouse_credit_consent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"spouse_id" uuid NOT NULL,
	"method" text NOT NULL,
	"typed_name" text NOT NULL,
	"consent_text" text NOT NULL,
	"language" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"link_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spouse_credit_consent_spouse_id_key" UNIQUE("spouse_id"),
	CONSTRAINT "spouse_credit_consent_method_check" CHECK ("spouse_credit_consent"."method" in ('atScreen', 'emailedLink'))
);
--> statement-breakpoint
ALTER TABLE "spouse_consent_link" ADD CONSTRAINT "spouse_consent_link_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spouse_consent_link" ADD CONSTRAINT "spouse_consent_link_spouse_id_spouse_id_fk" FOREIGN KEY ("spouse_id") REFERENCES "public"."spouse"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spouse_credit_consent" ADD CONSTRAINT "spouse_credit_consent_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spouse_credit_consent" ADD CONSTRAINT "spouse_credit_consent_spouse_id_spouse_id_fk" FOREIGN KEY ("spouse_id") REFERENCES "public"."spouse"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spouse_consent_link_application_id_created_at_idx" ON "spouse_consent_link" USING btree ("application_id","created_at");