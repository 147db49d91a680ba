CREATE TABLE "activity_digests" (
	"user_id" text PRIMARY KEY NOT NULL,
	"pending_since" timestamp (3) with time zone,
	"last_sent_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "activity_digests" ADD CONSTRAINT "activity_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;