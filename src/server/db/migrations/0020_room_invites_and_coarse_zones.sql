ALTER TABLE "chat_room_members" ADD COLUMN "invited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_streaks" ADD CONSTRAINT "user_streaks_time_zone_coarse" CHECK ("user_streaks"."time_zone" = 'UTC' or "user_streaks"."time_zone" ~ '^Etc/GMT([+]([1-9]|1[0-2])|-([1-9]|1[0-4]))$');--> statement-breakpoint
-- Memberships from before this column: a private room can be entered only by invitation (join-room.ts refuses
-- them), so its members other than the creator were added by someone; so were those with an adder on record.
UPDATE "chat_room_members" m SET "invited" = true
FROM "chat_rooms" r
WHERE r."id" = m."room_id"
  AND (m."added_by" IS NOT NULL OR (r."is_private" AND m."user_id" IS DISTINCT FROM r."created_by"));
