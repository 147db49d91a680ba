-- A service_deletion poll that passed before 0023 hides its service now, as one passing today would: the admin's
-- Restore or Delete then settles it.
UPDATE "services" SET "hidden_at" = p."closed_at"
FROM "polls" p
WHERE p."service_id" = "services"."id" AND p."poll_type" = 'service_deletion' AND p."outcome" = 'passed'
  AND p."reviewed_at" IS NULL AND "services"."hidden_at" IS NULL;--> statement-breakpoint
-- Row triggers do not see TRUNCATE: refuse it too. (The app's role owns the table and could still drop the trigger;
-- a deployment that needs more connects as a role that does not own it.)
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
