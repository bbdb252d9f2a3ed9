ALTER TABLE "session" ADD COLUMN "is_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Sessions that began before the column existed: their user's group membership now.
UPDATE "session" SET "is_staff" = true WHERE EXISTS (SELECT 1 FROM "user_group" g WHERE g."user_id" = "session"."user_id" AND g."group_name" LIKE '%CustomerService%');
