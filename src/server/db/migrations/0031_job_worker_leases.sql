CREATE TABLE "job_lease" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"worker_id" uuid NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_worker" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_lease" ADD CONSTRAINT "job_lease_worker_id_job_worker_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."job_worker"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_lease_worker_idx" ON "job_lease" USING btree ("worker_id");--> statement-breakpoint
CREATE INDEX "job_worker_seen_at_idx" ON "job_worker" USING btree ("seen_at");