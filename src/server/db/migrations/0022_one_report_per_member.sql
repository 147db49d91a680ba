-- Reports from before the rule: keep each member's first report of a service, and fit the fields to the limits.
DELETE FROM "service_reports" a USING "service_reports" b
WHERE a."service_id" = b."service_id" AND a."reporter_id" = b."reporter_id"
  AND (a."created_at", a."id") > (b."created_at", b."id");--> statement-breakpoint
UPDATE "service_reports" SET "reason" = 'Other' WHERE char_length("reason") = 0;--> statement-breakpoint
UPDATE "service_reports" SET "reason" = left("reason", 100) WHERE char_length("reason") > 100;--> statement-breakpoint
UPDATE "service_reports" SET "description" = left("description", 2000) WHERE char_length("description") > 2000;--> statement-breakpoint
CREATE UNIQUE INDEX "service_reports_service_reporter_key" ON "service_reports" USING btree ("service_id","reporter_id");--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_reason_length" CHECK (char_length("service_reports"."reason") between 1 and 100);--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_description_length" CHECK (char_length("service_reports"."description") <= 2000);