-- The originals move to their own table (0040) before the column goes.
INSERT INTO "message_originals" ("message_id", "text") SELECT "id", "original_text" FROM "messages" WHERE "original_text" IS NOT NULL;--> statement-breakpoint
UPDATE "messages" SET "details_hidden" = true WHERE "original_text" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "original_text";
