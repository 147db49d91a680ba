-- Chat rooms (issue 13, spec 3 section 3): rooms, members with roles (the creator is created_by and a member), bans,
-- messages with the message model of decision 003 (a kind, notices with a payload), reactions (one per user per
-- message) and read receipts (one per user per message).
CREATE TYPE "public"."media_type" AS ENUM('image', 'video', 'gif');--> statement-breakpoint
CREATE TYPE "public"."room_role" AS ENUM('member', 'moderator', 'admin');--> statement-breakpoint
CREATE TABLE "chat_message_read_receipts" (
	"message_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_message_read_receipts_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"content" text,
	"payload" jsonb,
	"parent_message_id" uuid,
	"sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp (3) with time zone,
	"media_type" "media_type",
	"media_url" text,
	"media_filename" text,
	"media_size" integer,
	CONSTRAINT "chat_messages_text_has_words_or_media" CHECK ("chat_messages"."kind" <> 'text' or ("chat_messages"."payload" is null and (char_length(btrim(coalesce("chat_messages"."content", ''))) > 0 or "chat_messages"."media_url" is not null))),
	CONSTRAINT "chat_messages_notice_has_payload" CHECK ("chat_messages"."kind" = 'text' or ("chat_messages"."payload" is not null and "chat_messages"."content" is null)),
	CONSTRAINT "chat_messages_content_length" CHECK (char_length("chat_messages"."content") <= 2000),
	CONSTRAINT "chat_messages_media_complete" CHECK (("chat_messages"."media_url" is null) = ("chat_messages"."media_type" is null) and ("chat_messages"."media_size" is null or "chat_messages"."media_size" between 0 and 52428800))
);
--> statement-breakpoint
CREATE TABLE "chat_room_bans" (
	"room_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"banned_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_room_bans_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_room_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" "room_role" DEFAULT 'member' NOT NULL,
	"muted_at" timestamp (3) with time zone,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_rooms_name_length" CHECK (char_length(btrim("chat_rooms"."name")) between 1 and 50),
	CONSTRAINT "chat_rooms_description_length" CHECK (char_length("chat_rooms"."description") <= 200)
);
--> statement-breakpoint
CREATE TABLE "message_stickers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_stickers_emoji_length" CHECK (char_length("message_stickers"."emoji") between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "chat_message_read_receipts" ADD CONSTRAINT "chat_message_read_receipts_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_read_receipts" ADD CONSTRAINT "chat_message_read_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_parent_message_id_chat_messages_id_fk" FOREIGN KEY ("parent_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_bans" ADD CONSTRAINT "chat_room_bans_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_bans" ADD CONSTRAINT "chat_room_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_members" ADD CONSTRAINT "chat_room_members_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_members" ADD CONSTRAINT "chat_room_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_stickers" ADD CONSTRAINT "message_stickers_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_stickers" ADD CONSTRAINT "message_stickers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_message_read_receipts_user_idx" ON "chat_message_read_receipts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_messages_room_sent_idx" ON "chat_messages" USING btree ("room_id","sent_at","id");--> statement-breakpoint
CREATE INDEX "chat_messages_parent_idx" ON "chat_messages" USING btree ("parent_message_id","sent_at") WHERE "chat_messages"."parent_message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_room_members_room_user_key" ON "chat_room_members" USING btree ("room_id","user_id");--> statement-breakpoint
CREATE INDEX "chat_room_members_user_idx" ON "chat_room_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_rooms_created_idx" ON "chat_rooms" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_stickers_message_user_key" ON "message_stickers" USING btree ("message_id","user_id");