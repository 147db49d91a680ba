CREATE TYPE "public"."feedback_category" AS ENUM('Bug Report', 'Feature Request', 'General', 'UI/UX', 'Performance');--> statement-breakpoint
CREATE TYPE "public"."poll_outcome" AS ENUM('passed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."poll_type" AS ENUM('service_deletion', 'user_ban');--> statement-breakpoint
CREATE TYPE "public"."poll_vote" AS ENUM('yes', 'no');--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"category" "feedback_category" NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"admin_response" text,
	"responded_at" timestamp (3) with time zone,
	"responded_by" text,
	"resolved_at" timestamp (3) with time zone,
	"resolved_by" text,
	CONSTRAINT "feedback_title_length" CHECK (char_length("feedback"."title") between 1 and 120),
	CONSTRAINT "feedback_message_length" CHECK (char_length("feedback"."message") between 1 and 5000),
	CONSTRAINT "feedback_response_length" CHECK ("feedback"."admin_response" is null or char_length("feedback"."admin_response") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"poll_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"vote" "poll_vote" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_votes_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poll_type" "poll_type" NOT NULL,
	"service_id" uuid,
	"target_user_id" text,
	"initiated_by" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"outcome" "poll_outcome",
	CONSTRAINT "polls_title_length" CHECK (char_length("polls"."title") between 1 and 200),
	CONSTRAINT "polls_description_length" CHECK (char_length("polls"."description") between 1 and 2000),
	CONSTRAINT "polls_subject" CHECK (("polls"."poll_type" = 'service_deletion' and "polls"."service_id" is not null) or ("polls"."poll_type" = 'user_ban' and "polls"."target_user_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_initiated_by_users_id_fk" FOREIGN KEY ("initiated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_user_created_idx" ON "feedback" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_resolved_created_idx" ON "feedback" USING btree ("resolved_at","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "polls_active_service_key" ON "polls" USING btree ("service_id") WHERE "polls"."is_active" and "polls"."service_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "polls_active_target_user_key" ON "polls" USING btree ("target_user_id") WHERE "polls"."is_active" and "polls"."poll_type" = 'user_ban';--> statement-breakpoint
CREATE INDEX "polls_active_expires_idx" ON "polls" USING btree ("expires_at") WHERE "polls"."is_active";