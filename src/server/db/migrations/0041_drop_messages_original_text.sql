-- The originals move to their own table (0040) before the column goes. Writes wait for the move (reads go on), so a
-- message another server sends meanwhile cannot be flagged without its original, or lose it with the column.
LOCK TABLE "messages" IN EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "message_originals" ("message_id", "text") SELECT "id", "original_text" FROM "messages" WHERE "original_text" IS NOT NULL;--> statement-breakpoint
UPDATE "messages" SET "details_hidden" = true WHERE "original_text" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "original_text";
