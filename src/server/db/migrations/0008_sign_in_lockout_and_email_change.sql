-- Wrong passwords per username for the growing lockout (shared by every server instance), and email changes
-- waiting for the code sent to the new address (the username switches only when it is given).
CREATE TABLE "email_change" (
	"user_id" text PRIMARY KEY NOT NULL,
	"new_email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failure" (
	"username" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_change" ADD CONSTRAINT "email_change_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_new_email_idx" ON "email_change" USING btree ("new_email");--> statement-breakpoint
CREATE INDEX "sign_in_failure_last_failure_idx" ON "sign_in_failure" USING btree ("last_failure_at");