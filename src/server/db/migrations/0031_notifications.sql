CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" text NOT NULL,
	"kind" text NOT NULL,
	"event_id" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"subject_key" text,
	"room_id" uuid,
	"count" integer DEFAULT 1 NOT NULL,
	"read_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_count_positive" CHECK ("notifications"."count" >= 1)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_updated_idx" ON "notifications" USING btree ("recipient_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_recipient_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_recipient_kind_key" ON "notifications" USING btree ("event_id","recipient_id","kind") WHERE "notifications"."kind" <> 'message';--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_message_subject_key" ON "notifications" USING btree ("recipient_id","subject_key") WHERE "notifications"."kind" = 'message';--> statement-breakpoint
CREATE INDEX "notifications_room_idx" ON "notifications" USING btree ("room_id","recipient_id") WHERE "notifications"."room_id" is not null;