ALTER TABLE "maintenance_runs" ADD COLUMN "cursor" text;--> statement-breakpoint
ALTER TABLE "user_streaks" ADD COLUMN "zone_changed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "user_streaks" ADD COLUMN "last_awarded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "chat_room_members" ADD COLUMN "added_by" text;--> statement-breakpoint
ALTER TABLE "chat_room_members" ADD CONSTRAINT "chat_room_members_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_provider_accepted_idx" ON "conversations" USING btree ("participant2_id","accepted_at" DESC NULLS LAST) WHERE "conversations"."accepted_at" is not null and "conversations"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "maintenance_runs" ADD CONSTRAINT "maintenance_runs_cursor_length" CHECK (char_length("maintenance_runs"."cursor") <= 200);--> statement-breakpoint
-- Zones were stored as the browser sent them (a place name can be a single town): start again from UTC; the next
-- daily login stores the coarse whole-hour zone.
UPDATE "user_streaks" SET "time_zone" = 'UTC' WHERE "time_zone" <> 'UTC';
