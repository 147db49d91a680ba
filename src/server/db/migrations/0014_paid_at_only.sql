-- A conversation is paid when paid_at is set: payment_completed said the same thing twice. Rows paid before paid_at
-- existed keep the time of their last change as the payment's time (what settlement already read for them).
UPDATE "conversations" SET "paid_at" = coalesce("paid_at", "updated_at") WHERE "payment_completed";--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "payment_completed";
