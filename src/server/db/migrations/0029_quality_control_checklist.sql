-- The quality-control checklist: the items the counsellor checked (identity, income, expenses, a realistic
-- budget); the ones left unchecked are a fail's reasons. Null before quality control. The application already
-- announces its changes to the borrower summary (migration 0020).
CREATE TYPE "public"."quality_control_item" AS ENUM('consumerIdentity', 'income', 'expenses', 'proposedBudget');--> statement-breakpoint
ALTER TABLE "application" ADD COLUMN "quality_control_checklist" "quality_control_item"[];