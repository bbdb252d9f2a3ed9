ALTER TABLE "counselling_call" ALTER COLUMN "counsellor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "counselling_call" ADD COLUMN "provider_ref" text;--> statement-breakpoint
CREATE UNIQUE INDEX "counselling_call_provider_ref_key" ON "counselling_call" USING btree ("provider_ref") WHERE "counselling_call"."provider_ref" is not null;