-- A service is completed when completed_at is set: service_completed said the same thing twice. Rows completed
-- before completed_at existed keep the time of their last change as the completion's time.
UPDATE "conversations" SET "completed_at" = coalesce("completed_at", "updated_at") WHERE "service_completed";--> statement-breakpoint
UPDATE "conversations" SET "completed_at" = NULL WHERE NOT "service_completed";--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "service_completed";
