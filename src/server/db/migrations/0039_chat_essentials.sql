CREATE TABLE "chat_message_mentions" (
	"message_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "chat_message_mentions_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_mutes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"room_id" uuid,
	"conversation_id" uuid,
	"until" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_mutes_one_target" CHECK (("chat_mutes"."room_id" is null) <> ("chat_mutes"."conversation_id" is null))
);
--> statement-breakpoint
ALTER TABLE "chat_room_members" ADD COLUMN "last_read_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "chat_room_members" ADD COLUMN "last_read_message_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_message_mentions" ADD CONSTRAINT "chat_message_mentions_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_mentions" ADD CONSTRAINT "chat_message_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_message_mentions_user_idx" ON "chat_message_mentions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_mutes_user_room_key" ON "chat_mutes" USING btree ("user_id","room_id") WHERE "chat_mutes"."room_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_mutes_user_conversation_key" ON "chat_mutes" USING btree ("user_id","conversation_id") WHERE "chat_mutes"."conversation_id" is not null;