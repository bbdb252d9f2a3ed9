-- Closed lists of the domain stored as enums (4 bytes instead of the word, in the table and in its unique
-- keys): an expense's category and sub-category (25 million rows at a million applications), a proposed
-- budget line's category, a hardship's key. On an existing database the ALTERs rewrite those tables.
-- The foreign keys' indexes on columns that are mostly null hold only the rows that point somewhere.
-- docs/decisions/0072-closed-lists-stored-as-enums.md
CREATE TYPE "public"."hardship_key" AS ENUM('hasHousingIssues', 'hasIncreasedMedicalExpenses', 'hasReductionInIncome', 'isUnemployed', 'other');--> statement-breakpoint
CREATE TYPE "public"."expense_category" AS ENUM('housing', 'transportation', 'utilities', 'food', 'healthcare', 'personal', 'studentLoans', 'otherDebts', 'savings', 'miscellaneous');--> statement-breakpoint
CREATE TYPE "public"."expense_sub_category" AS ENUM('mortgage', 'hoa', 'insurance', 'taxes', 'maintenanceImprovements', 'rent', 'carPayment', 'gas', 'maintenanceRepairs', 'publicTransportation', 'cableInternetLandline', 'electricity', 'water', 'wireless', 'home', 'away', 'drugs', 'healthInsurance', 'lifeInsurance', 'medicalServices', 'entertainment', 'apparel', 'personalCare', 'studentLoans', 'heloc', 'installmentSales', 'lease', 'note', 'recreationalMerchandise', 'rentalAgreement', 'secured', 'securedCreditCard', 'telecommunication', 'utilityCompany', 'savings', 'donations', 'childcare', 'education', 'pets', 'childSupport', 'alimony', 'other');--> statement-breakpoint
DROP INDEX "credit_report_spouse_id_idx";--> statement-breakpoint
DROP INDEX "expense_expense_benchmark_id_idx";--> statement-breakpoint
DROP INDEX "offer_debt_id_idx";--> statement-breakpoint
DROP INDEX "offer_collection_id_idx";--> statement-breakpoint
DROP INDEX "payment_account_plaid_account_id_idx";--> statement-breakpoint
ALTER TABLE "hardship" ALTER COLUMN "key" SET DATA TYPE "public"."hardship_key" USING "key"::"public"."hardship_key";--> statement-breakpoint
ALTER TABLE "budget_expense" ALTER COLUMN "budget_category" SET DATA TYPE "public"."expense_category" USING "budget_category"::"public"."expense_category";--> statement-breakpoint
ALTER TABLE "expense" ALTER COLUMN "category" SET DATA TYPE "public"."expense_category" USING "category"::"public"."expense_category";--> statement-breakpoint
ALTER TABLE "expense" ALTER COLUMN "sub_category" SET DATA TYPE "public"."expense_sub_category" USING "sub_category"::"public"."expense_sub_category";--> statement-breakpoint
CREATE INDEX "credit_report_spouse_id_idx" ON "credit_report" USING btree ("spouse_id") WHERE "credit_report"."spouse_id" is not null;--> statement-breakpoint
CREATE INDEX "expense_expense_benchmark_id_idx" ON "expense" USING btree ("expense_benchmark_id") WHERE "expense"."expense_benchmark_id" is not null;--> statement-breakpoint
CREATE INDEX "offer_debt_id_idx" ON "offer" USING btree ("debt_id") WHERE "offer"."debt_id" is not null;--> statement-breakpoint
CREATE INDEX "offer_collection_id_idx" ON "offer" USING btree ("collection_id") WHERE "offer"."collection_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_account_plaid_account_id_idx" ON "payment_account" USING btree ("plaid_account_id") WHERE "payment_account"."plaid_account_id" is not null;