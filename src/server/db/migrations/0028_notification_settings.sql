CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"push_enabled" boolean DEFAULT true NOT NULL,
	"email_enabled" boolean DEFAULT true NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"time_zone" text,
	"kinds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_quiet_hours" CHECK (("notification_settings"."quiet_start" is null) = ("notification_settings"."quiet_end" is null) and coalesce("notification_settings"."quiet_start", 0) between 0 and 1439 and coalesce("notification_settings"."quiet_end", 0) between 0 and 1439),
	CONSTRAINT "notification_settings_zone_length" CHECK (char_length("notification_settings"."time_zone") <= 64),
	CONSTRAINT "notification_settings_kinds_size" CHECK (octet_length("notification_settings"."kinds"::text) <= 4000)
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;