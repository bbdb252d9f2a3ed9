-- The servers keep a borrower's session and application in memory between requests (src/server/plugins/read-cache.ts).
-- Every change to a row those copies are made of is announced on the channel dmp_change, whichever program
-- makes it (a server, a job, the staff script, a person at psql), so every instance drops its copy at once.
-- The payload is the kind and the id only ('session:…', 'user:…', 'application:…'): nothing personal.
-- PostgreSQL sends a transaction's notifications when it commits, once each, and never for a rollback.
CREATE OR REPLACE FUNCTION dmp_notify_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dmp_change', TG_ARGV[0] || ':' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dmp_notify_application_part_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dmp_change', 'application:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.application_id ELSE NEW.application_id END)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "session_change_feed" AFTER UPDATE OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION dmp_notify_row_change('session');--> statement-breakpoint
CREATE TRIGGER "user_change_feed" AFTER UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION dmp_notify_row_change('user');--> statement-breakpoint
CREATE TRIGGER "application_change_feed" AFTER UPDATE OR DELETE ON "application" FOR EACH ROW EXECUTE FUNCTION dmp_notify_row_change('application');--> statement-breakpoint
CREATE TRIGGER "borrower_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "borrower" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "spouse_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "spouse" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "hardship_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "hardship" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();--> statement-breakpoint
CREATE TRIGGER "plaid_item_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "plaid_item" FOR EACH ROW EXECUTE FUNCTION dmp_notify_application_part_change();
