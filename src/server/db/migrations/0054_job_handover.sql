CREATE TABLE "job_handover" (
	"queue" text NOT NULL,
	"key" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_handover_queue_key_pk" PRIMARY KEY("queue","key")
);
--> statement-breakpoint
CREATE INDEX "job_handover_queued_at_idx" ON "job_handover" USING btree ("queued_at");