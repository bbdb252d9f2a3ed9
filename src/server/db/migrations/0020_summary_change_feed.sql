-- The service portal keeps a borrower summary in memory between openings (src/server/features/service-portal/
-- get-borrower-summary.ts), as the servers keep a borrower's own application (migration 0015). So every row the
-- summary shows announces its changes on dmp_change as 'application:<id>', whichever program makes them. Tables
-- with their own application_id reuse 0015's function; rows that hang off another row look their application up
-- through it (an offer's status change through its offer, a bank balance through its account and connection).
-- A deleted parent takes its children with it in the same transaction, and the parent's own trigger announces it.
CREATE OR REPLACE FUNCTION dmp_notify_application_of() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_id uuid;
  found uuid;
BEGIN
  EXECUTE format('SELECT ($1).%I', TG_ARGV[0]) INTO parent_id USING (CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  EXECUTE format('SELECT application_id FROM %I WHERE id = $1', TG_ARGV[1]) INTO found USING parent_id;
  IF found IS NOT NULL THEN
    PERFORM pg_notify('dmp_change', 'application:' || found::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dmp_notify_application_of_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found uuid;
BEGIN
  SELECT i.application_id INTO found FROM plaid_account a JOIN plaid_item i ON i.id = a.plaid_item_id
  WHERE a.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.plaid_account_id ELSE NEW.plaid_account_id END);
  IF found IS NOT NULL THEN
    PERFORM pg_notify('dmp_change', 'application:' || found::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "alert_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "alert" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "budget_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "budget" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "contact_attempt_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "contact_attempt" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "debt_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "debt" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "collection_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "collection" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "creditor_account_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "creditor_account" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "decision_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "decision" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "disqualification_reason_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "disqualification_reason" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "dmp_enrollment_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "dmp_enrollment" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "docusign_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "docusign" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "expense_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "expense" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "income_snapshot_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "income_snapshot" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "offer_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "offer" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "payment_account_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "payment_account" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "application_status_change_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "application_status_change" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "budget_expense_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "budget_expense" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_of('budget_id', 'budget');--> statement-breakpoint
CREATE TRIGGER "contact_attempt_reason_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "contact_attempt_reason" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_of('contact_attempt_id', 'contact_attempt');--> statement-breakpoint
CREATE TRIGGER "offer_disqualification_reason_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "offer_disqualification_reason" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_of('offer_id', 'offer');--> statement-breakpoint
CREATE TRIGGER "offer_status_change_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "offer_status_change" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_of('offer_id', 'offer');--> statement-breakpoint
CREATE TRIGGER "docusign_signer_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "docusign_signer" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_of('docusign_id', 'docusign');--> statement-breakpoint
CREATE TRIGGER "plaid_account_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "plaid_account" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_of('plaid_item_id', 'plaid_item');--> statement-breakpoint
CREATE TRIGGER "plaid_balance_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "plaid_balance" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_of_balance();
