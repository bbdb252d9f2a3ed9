CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_request" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"first_name" text,
	"last_name" text,
	"phone_number" text,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_group" (
	"user_id" text NOT NULL,
	"group_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_group_user_id_group_name_pk" PRIMARY KEY("user_id","group_name")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"application_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kind" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"type" text NOT NULL,
	"has_been_seen_by_borrower" boolean DEFAULT false NOT NULL,
	"has_been_seen_by_customer_service_representative" boolean DEFAULT false NOT NULL,
	"triggered_by" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'inProgress' NOT NULL,
	"owner" text NOT NULL,
	"assigned_to" text,
	"assigned_to_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"last_completed_page" text,
	"last_viewed_page" text,
	"has_spouse" boolean,
	"is_car_owner" boolean,
	"is_homeowner" boolean,
	"has_mortgage_escrow" boolean,
	"has_served_in_military" boolean,
	"has_large_medical_or_disability_expenses" boolean,
	"has_recent_death_in_immediate_family" boolean,
	"has_recent_job_loss" boolean,
	"has_recently_been_furloughed" boolean,
	"has_reduction_in_income" boolean,
	"kind_of_relief" text,
	"monthly_rent_or_mortgage_amount" integer,
	"number_of_dependents_in_household" integer,
	"has_dependents" boolean,
	"self_reported_monthly_current_income" integer,
	"verified_monthly_current_income" integer,
	"has_provided_monthly_income" boolean,
	"agreed_to_action_plan" boolean,
	"agreed_to_terms" boolean,
	"has_passed_quality_control" boolean,
	"reason_for_not_connecting_bank" text,
	"notify_when_state_is_eligible" boolean,
	"estimated_shortfall" integer,
	"has_submitted_review_page" boolean,
	"has_submitted_budget_page" boolean,
	"has_submitted_primary_application_page" boolean,
	"total_back_taxes_amount" integer,
	"total_debt_to_friends_and_family_amount" integer,
	"total_medical_debt_amount" integer,
	"total_other_debt_amount" integer,
	"utm_campaign" text,
	"utm_content" text,
	"utm_medium" text,
	"utm_source" text,
	"utm_term" text,
	CONSTRAINT "application_number_of_dependents_range" CHECK ("application"."number_of_dependents_in_household" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "application_status_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "borrower" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"owner" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone_number" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"date_of_birth" text,
	"consented_to_credit_policy" boolean,
	"is_opted_out_of_sms" boolean DEFAULT false NOT NULL,
	"notify_when_state_is_eligible" boolean,
	"partner_crm_id" text,
	"preferred_language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "borrower_application_id_key" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "budget" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"borrower_id" uuid NOT NULL,
	"agreed_to" boolean DEFAULT false NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_expense" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"budget_id" uuid NOT NULL,
	"expense_id" uuid NOT NULL,
	"proposed_value" integer NOT NULL,
	"budget_category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_expense_budget_id_expense_id_key" UNIQUE("budget_id","expense_id")
);
--> statement-breakpoint
CREATE TABLE "collection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"credit_report_id" uuid NOT NULL,
	"account_number" text,
	"account_type" text,
	"account_rating" text,
	"current_balance" integer DEFAULT 0 NOT NULL,
	"original_balance" integer,
	"date_opened" date,
	"date_closed" date,
	"ecoa_designator" text,
	"is_eligible_for_dmp" boolean DEFAULT false NOT NULL,
	"subscriber_name" text,
	"subscriber_friendly_name" text,
	"original_lender_name" text,
	"months_reviewed_count" integer,
	"most_recent_payment" date,
	"past_due" integer,
	"portfolio_type" text,
	"scheduled_monthly_payment" integer,
	"selected_for_debt_reduction" boolean DEFAULT false NOT NULL,
	"owned_by_borrower" boolean,
	"owned_by_spouse" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"contacted_by" text NOT NULL,
	"method" text,
	"outcome" text,
	"did_the_borrower_receive_an_offer" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_attempt_reason" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_attempt_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_attempt_reason_contact_attempt_id_key_key" UNIQUE("contact_attempt_id","key")
);
--> statement-breakpoint
CREATE TABLE "credit_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"borrower_id" uuid,
	"spouse_id" uuid,
	"vantage_score" integer,
	"s3_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creditor_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"debt_id" uuid,
	"collection_id" uuid,
	"account_number" text,
	"routing_number" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"email" text,
	"is_ach" boolean NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creditor_account_debt_id_key" UNIQUE("debt_id"),
	CONSTRAINT "creditor_account_collection_id_key" UNIQUE("collection_id"),
	CONSTRAINT "creditor_account_one_target" CHECK (num_nonnulls("creditor_account"."debt_id", "creditor_account"."collection_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "debt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"credit_report_id" uuid NOT NULL,
	"account_number" text,
	"account_type" text,
	"account_rating" text,
	"current_balance" integer DEFAULT 0 NOT NULL,
	"date_opened" date,
	"date_closed" date,
	"ecoa_designator" text,
	"high_credit" integer,
	"credit_limit" integer,
	"is_eligible_for_dmp" boolean DEFAULT false NOT NULL,
	"late_30_days_total" integer,
	"late_60_days_total" integer,
	"late_90_days_total" integer,
	"lender_name" text,
	"lender_friendly_name" text,
	"months_reviewed_count" integer,
	"most_recent_payment" date,
	"past_due" integer,
	"portfolio_type" text,
	"scheduled_monthly_payment" integer,
	"selected_for_debt_reduction" boolean DEFAULT false NOT NULL,
	"owned_by_borrower" boolean,
	"owned_by_spouse" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "debt_score" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"borrower_id" uuid NOT NULL,
	"borrower_risk_score_id" uuid NOT NULL,
	"spouse_risk_score_id" uuid,
	"owner" text NOT NULL,
	"value" integer NOT NULL,
	"discount" integer,
	"monthly_expense" integer,
	"monthly_income" integer,
	"monthly_unsecured_debt" integer,
	"risk_score" integer,
	"version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "decision" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"current_expenses" integer NOT NULL,
	"current_income" integer NOT NULL,
	"eligible_debt_payment" integer NOT NULL,
	"ineligible_debt_payment" integer NOT NULL,
	"is_qualified" boolean NOT NULL,
	"reducible_expense_amount" integer,
	"required_expense_reduction_amount" integer,
	"was_accepted_by_borrower" boolean DEFAULT false NOT NULL,
	"was_presented_to_borrower" boolean DEFAULT false NOT NULL,
	"explanation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disqualification_reason" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"decision_id" uuid,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dmp_enrollment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"date_signed" date,
	"first_payment_date" date,
	"monthly_payment_amount" integer NOT NULL,
	"term_in_months" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dmp_enrollment_application_id_key" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "docusign" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"envelope_id" text NOT NULL,
	"template_id" text,
	"document_generated_at" timestamp with time zone,
	"document_signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "docusign_application_id_key" UNIQUE("application_id"),
	CONSTRAINT "docusign_envelope_id_key" UNIQUE("envelope_id")
);
--> statement-breakpoint
CREATE TABLE "expense" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"owner" text NOT NULL,
	"category" text NOT NULL,
	"sub_category" text NOT NULL,
	"estimated_value" integer,
	"self_reported_value" integer,
	"last_submitted_value" integer,
	"expense_benchmark_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_application_id_line_key" UNIQUE("application_id","category","sub_category")
);
--> statement-breakpoint
CREATE TABLE "expense_benchmark" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"sub_category" text,
	"income_range" text NOT NULL,
	"year" integer NOT NULL,
	"value" integer NOT NULL,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_benchmark_line_key" UNIQUE NULLS NOT DISTINCT("category","sub_category","income_range","year")
);
--> statement-breakpoint
CREATE TABLE "hardship" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hardship_application_id_key_key" UNIQUE("application_id","key")
);
--> statement-breakpoint
CREATE TABLE "income_snapshot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"borrower_id" uuid NOT NULL,
	"monthly_income" integer NOT NULL,
	"annual_income" integer NOT NULL,
	"ninety_day_income" integer NOT NULL,
	"income_transaction_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_report_id" uuid NOT NULL,
	"date" date NOT NULL,
	"subscriber_name" text,
	"industry_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"decision_id" uuid NOT NULL,
	"debt_id" uuid,
	"collection_id" uuid,
	"status" text,
	"type" text,
	"fee" integer,
	"payment" integer NOT NULL,
	"payment_percentage" integer,
	"term" integer NOT NULL,
	"balance" integer NOT NULL,
	"current_apr" integer,
	"proposed_apr" integer,
	"current_minimum_monthly_principal_payment_percent" integer,
	"proposed_monthly_interest_payment" integer,
	"proposed_monthly_principal_payment" integer,
	"estimated_payoff_savings" integer,
	"lender_concession_id" text,
	"proposal_s3_key" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_one_target" CHECK (num_nonnulls("offer"."debt_id", "offer"."collection_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "offer_disqualification_reason" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_disqualification_reason_offer_id_reason_key" UNIQUE("offer_id","reason")
);
--> statement-breakpoint
CREATE TABLE "offer_status_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"changed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"plaid_account_id" uuid,
	"account_number" text,
	"routing_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_account_application_id_key" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "plaid_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plaid_item_id" uuid NOT NULL,
	"provider_account_id" text,
	"mask" text,
	"name" text,
	"official_name" text,
	"sub_type" text,
	"selected_for_payments" boolean DEFAULT false NOT NULL,
	"verification_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plaid_account_item_provider_account_key" UNIQUE("plaid_item_id","provider_account_id")
);
--> statement-breakpoint
CREATE TABLE "plaid_balance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plaid_account_id" uuid NOT NULL,
	"available" integer,
	"current" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plaid_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"provider_item_id" text,
	"access_token" text,
	"institution_id" text NOT NULL,
	"institution_name" text NOT NULL,
	"is_connected" boolean DEFAULT true NOT NULL,
	"is_finished_historical_update" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plaid_item_provider_item_id_key" UNIQUE("provider_item_id")
);
--> statement-breakpoint
CREATE TABLE "plaid_transaction" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plaid_account_id" uuid NOT NULL,
	"provider_transaction_id" text,
	"amount" integer NOT NULL,
	"date" date NOT NULL,
	"name" text,
	"is_verified_as_income" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plaid_transaction_provider_transaction_id_key" UNIQUE("provider_transaction_id")
);
--> statement-breakpoint
CREATE TABLE "risk_score" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_report_id" uuid NOT NULL,
	"value" integer NOT NULL,
	"version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spouse" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"borrower_id" uuid NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone_number" text,
	"has_same_address_as_borrower" boolean,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"date_of_birth" text,
	"consented_to_credit_policy" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spouse_application_id_key" UNIQUE("application_id"),
	CONSTRAINT "spouse_borrower_id_key" UNIQUE("borrower_id")
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group" ADD CONSTRAINT "user_group_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert" ADD CONSTRAINT "alert_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_owner_user_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_assigned_to_user_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status_change" ADD CONSTRAINT "application_status_change_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status_change" ADD CONSTRAINT "application_status_change_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower" ADD CONSTRAINT "borrower_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower" ADD CONSTRAINT "borrower_owner_user_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget" ADD CONSTRAINT "budget_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget" ADD CONSTRAINT "budget_borrower_id_borrower_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrower"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_expense" ADD CONSTRAINT "budget_expense_budget_id_budget_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budget"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_expense" ADD CONSTRAINT "budget_expense_expense_id_expense_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expense"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection" ADD CONSTRAINT "collection_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection" ADD CONSTRAINT "collection_credit_report_id_credit_report_id_fk" FOREIGN KEY ("credit_report_id") REFERENCES "public"."credit_report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_attempt" ADD CONSTRAINT "contact_attempt_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_attempt" ADD CONSTRAINT "contact_attempt_contacted_by_user_id_fk" FOREIGN KEY ("contacted_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_attempt_reason" ADD CONSTRAINT "contact_attempt_reason_contact_attempt_id_contact_attempt_id_fk" FOREIGN KEY ("contact_attempt_id") REFERENCES "public"."contact_attempt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_report" ADD CONSTRAINT "credit_report_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_report" ADD CONSTRAINT "credit_report_borrower_id_borrower_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrower"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_report" ADD CONSTRAINT "credit_report_spouse_id_spouse_id_fk" FOREIGN KEY ("spouse_id") REFERENCES "public"."spouse"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creditor_account" ADD CONSTRAINT "creditor_account_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creditor_account" ADD CONSTRAINT "creditor_account_debt_id_debt_id_fk" FOREIGN KEY ("debt_id") REFERENCES "public"."debt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creditor_account" ADD CONSTRAINT "creditor_account_collection_id_collection_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt" ADD CONSTRAINT "debt_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt" ADD CONSTRAINT "debt_credit_report_id_credit_report_id_fk" FOREIGN KEY ("credit_report_id") REFERENCES "public"."credit_report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_score" ADD CONSTRAINT "debt_score_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_score" ADD CONSTRAINT "debt_score_borrower_id_borrower_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrower"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_score" ADD CONSTRAINT "debt_score_borrower_risk_score_id_risk_score_id_fk" FOREIGN KEY ("borrower_risk_score_id") REFERENCES "public"."risk_score"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_score" ADD CONSTRAINT "debt_score_spouse_risk_score_id_risk_score_id_fk" FOREIGN KEY ("spouse_risk_score_id") REFERENCES "public"."risk_score"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_score" ADD CONSTRAINT "debt_score_owner_user_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision" ADD CONSTRAINT "decision_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disqualification_reason" ADD CONSTRAINT "disqualification_reason_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disqualification_reason" ADD CONSTRAINT "disqualification_reason_decision_id_decision_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."decision"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dmp_enrollment" ADD CONSTRAINT "dmp_enrollment_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docusign" ADD CONSTRAINT "docusign_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_owner_user_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense" ADD CONSTRAINT "expense_expense_benchmark_id_expense_benchmark_id_fk" FOREIGN KEY ("expense_benchmark_id") REFERENCES "public"."expense_benchmark"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardship" ADD CONSTRAINT "hardship_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_snapshot" ADD CONSTRAINT "income_snapshot_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_snapshot" ADD CONSTRAINT "income_snapshot_borrower_id_borrower_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrower"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry" ADD CONSTRAINT "inquiry_credit_report_id_credit_report_id_fk" FOREIGN KEY ("credit_report_id") REFERENCES "public"."credit_report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_decision_id_decision_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."decision"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_debt_id_debt_id_fk" FOREIGN KEY ("debt_id") REFERENCES "public"."debt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_collection_id_collection_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_disqualification_reason" ADD CONSTRAINT "offer_disqualification_reason_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_status_change" ADD CONSTRAINT "offer_status_change_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_status_change" ADD CONSTRAINT "offer_status_change_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_account" ADD CONSTRAINT "payment_account_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_account" ADD CONSTRAINT "payment_account_plaid_account_id_plaid_account_id_fk" FOREIGN KEY ("plaid_account_id") REFERENCES "public"."plaid_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plaid_account" ADD CONSTRAINT "plaid_account_plaid_item_id_plaid_item_id_fk" FOREIGN KEY ("plaid_item_id") REFERENCES "public"."plaid_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plaid_balance" ADD CONSTRAINT "plaid_balance_plaid_account_id_plaid_account_id_fk" FOREIGN KEY ("plaid_account_id") REFERENCES "public"."plaid_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plaid_item" ADD CONSTRAINT "plaid_item_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plaid_transaction" ADD CONSTRAINT "plaid_transaction_plaid_account_id_plaid_account_id_fk" FOREIGN KEY ("plaid_account_id") REFERENCES "public"."plaid_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_score" ADD CONSTRAINT "risk_score_credit_report_id_credit_report_id_fk" FOREIGN KEY ("credit_report_id") REFERENCES "public"."credit_report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spouse" ADD CONSTRAINT "spouse_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spouse" ADD CONSTRAINT "spouse_borrower_id_borrower_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrower"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_reset_request_email_idx" ON "password_reset_request" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_group_group_idx" ON "user_group" USING btree ("group_name");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "audit_log_application_idx" ON "audit_log" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_to_idx" ON "email_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_unsent_idx" ON "email_outbox" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "alert_application_id_created_at_idx" ON "alert" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_owner_key" ON "application" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "application_status_created_at_idx" ON "application" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "application_assigned_to_status_idx" ON "application" USING btree ("assigned_to","status");--> statement-breakpoint
CREATE INDEX "application_status_change_application_id_created_at_idx" ON "application_status_change" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "borrower_owner_idx" ON "borrower" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "budget_application_id_created_at_idx" ON "budget" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "budget_expense_expense_id_idx" ON "budget_expense" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "collection_application_id_idx" ON "collection" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "collection_credit_report_id_idx" ON "collection" USING btree ("credit_report_id");--> statement-breakpoint
CREATE INDEX "contact_attempt_application_id_created_at_idx" ON "contact_attempt" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_report_application_id_created_at_idx" ON "credit_report" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_report_borrower_id_idx" ON "credit_report" USING btree ("borrower_id");--> statement-breakpoint
CREATE INDEX "credit_report_spouse_id_idx" ON "credit_report" USING btree ("spouse_id");--> statement-breakpoint
CREATE INDEX "creditor_account_application_id_idx" ON "creditor_account" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "debt_application_id_idx" ON "debt" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "debt_credit_report_id_idx" ON "debt" USING btree ("credit_report_id");--> statement-breakpoint
CREATE INDEX "debt_score_application_id_created_at_idx" ON "debt_score" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "debt_score_borrower_id_idx" ON "debt_score" USING btree ("borrower_id");--> statement-breakpoint
CREATE INDEX "decision_application_id_created_at_idx" ON "decision" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "disqualification_reason_application_id_idx" ON "disqualification_reason" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "disqualification_reason_decision_id_idx" ON "disqualification_reason" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "expense_expense_benchmark_id_idx" ON "expense" USING btree ("expense_benchmark_id");--> statement-breakpoint
CREATE INDEX "income_snapshot_application_id_created_at_idx" ON "income_snapshot" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "inquiry_credit_report_id_date_idx" ON "inquiry" USING btree ("credit_report_id","date");--> statement-breakpoint
CREATE INDEX "offer_application_id_idx" ON "offer" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "offer_decision_id_idx" ON "offer" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "offer_debt_id_idx" ON "offer" USING btree ("debt_id");--> statement-breakpoint
CREATE INDEX "offer_collection_id_idx" ON "offer" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "offer_status_change_offer_id_created_at_idx" ON "offer_status_change" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_account_plaid_account_id_idx" ON "payment_account" USING btree ("plaid_account_id");--> statement-breakpoint
CREATE INDEX "plaid_account_plaid_item_id_idx" ON "plaid_account" USING btree ("plaid_item_id");--> statement-breakpoint
CREATE INDEX "plaid_balance_plaid_account_id_created_at_idx" ON "plaid_balance" USING btree ("plaid_account_id","created_at");--> statement-breakpoint
CREATE INDEX "plaid_item_application_id_idx" ON "plaid_item" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "plaid_transaction_plaid_account_id_date_idx" ON "plaid_transaction" USING btree ("plaid_account_id","date");--> statement-breakpoint
CREATE INDEX "risk_score_credit_report_id_idx" ON "risk_score" USING btree ("credit_report_id");