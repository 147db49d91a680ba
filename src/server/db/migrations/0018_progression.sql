CREATE TYPE "public"."xp_source" AS ENUM('message', 'quest', 'daily_login');--> statement-breakpoint
CREATE TABLE "maintenance_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "maintenance_runs_name_length" CHECK (char_length("maintenance_runs"."name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "quests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"xp" integer NOT NULL,
	"min_level" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quests_slug_length" CHECK (char_length("quests"."slug") between 1 and 50),
	CONSTRAINT "quests_title_length" CHECK (char_length("quests"."title") between 1 and 80),
	CONSTRAINT "quests_xp_positive" CHECK ("quests"."xp" > 0),
	CONSTRAINT "quests_min_level_non_negative" CHECK ("quests"."min_level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"badge_slug" text NOT NULL,
	"earned_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_badges_slug_length" CHECK (char_length("user_badges"."badge_slug") between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "user_quests" (
	"user_id" text NOT NULL,
	"quest_id" uuid NOT NULL,
	"completed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_quests_user_id_quest_id_pk" PRIMARY KEY("user_id","quest_id")
);
--> statement-breakpoint
CREATE TABLE "user_streaks" (
	"user_id" text PRIMARY KEY NOT NULL,
	"current_streak" integer DEFAULT 0 NOT NULL,
	"last_action" date,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_streaks_current_streak_non_negative" CHECK ("user_streaks"."current_streak" >= 0),
	CONSTRAINT "user_streaks_time_zone_length" CHECK (char_length("user_streaks"."time_zone") between 1 and 64)
);
--> statement-breakpoint
CREATE TABLE "user_xp" (
	"user_id" text PRIMARY KEY NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_xp_xp_non_negative" CHECK ("user_xp"."xp" >= 0),
	CONSTRAINT "user_xp_level_non_negative" CHECK ("user_xp"."level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "xp_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"source" "xp_source" NOT NULL,
	"source_key" text NOT NULL,
	"amount" integer NOT NULL,
	"day" date NOT NULL,
	"granted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xp_grants_amount_positive" CHECK ("xp_grants"."amount" > 0),
	CONSTRAINT "xp_grants_source_key_length" CHECK (char_length("xp_grants"."source_key") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_quests" ADD CONSTRAINT "user_quests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_quests" ADD CONSTRAINT "user_quests_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_streaks" ADD CONSTRAINT "user_streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_xp" ADD CONSTRAINT "user_xp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_grants" ADD CONSTRAINT "xp_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quests_slug_key" ON "quests" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "user_badges_user_slug_key" ON "user_badges" USING btree ("user_id","badge_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "xp_grants_user_source_key" ON "xp_grants" USING btree ("user_id","source","source_key");--> statement-breakpoint
CREATE INDEX "xp_grants_user_source_day_idx" ON "xp_grants" USING btree ("user_id","source","day");--> statement-breakpoint
CREATE INDEX "messages_sender_text_idx" ON "messages" USING btree ("sender_id") WHERE "messages"."kind" = 'text';--> statement-breakpoint
CREATE INDEX "reviews_reviewer_idx" ON "reviews" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "chat_messages_sender_text_idx" ON "chat_messages" USING btree ("sender_id") WHERE "chat_messages"."kind" = 'text';