ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
-- What the admin pages read before: the newest session still there.
UPDATE "users" SET "last_sign_in_at" = s."at"
FROM (SELECT "user_id", max("created_at") AS "at" FROM "sessions" GROUP BY "user_id") s
WHERE s."user_id" = "users"."id";
