CREATE TABLE "member_mutes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"until" timestamp (3) with time zone NOT NULL,
	"reason" text NOT NULL,
	"muted_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_mutes_reason_length" CHECK (char_length("member_mutes"."reason") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "member_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"reported_user_id" text NOT NULL,
	"reason" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"evidence" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution_action" text,
	"resolution_note" text,
	"resolved_by" text,
	"resolved_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_reports_target_kind" CHECK ("member_reports"."target_kind" in ('member', 'direct_message', 'room_message', 'review', 'room')),
	CONSTRAINT "member_reports_reason" CHECK ("member_reports"."reason" in ('harassment', 'spam', 'scam', 'inappropriate_for_minors', 'other')),
	CONSTRAINT "member_reports_status" CHECK ("member_reports"."status" in ('open', 'dismissed', 'actioned')),
	CONSTRAINT "member_reports_description_length" CHECK (char_length("member_reports"."description") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "member_mutes" ADD CONSTRAINT "member_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_mutes" ADD CONSTRAINT "member_mutes_muted_by_users_id_fk" FOREIGN KEY ("muted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reports" ADD CONSTRAINT "member_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reports" ADD CONSTRAINT "member_reports_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reports" ADD CONSTRAINT "member_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_reports_open_key" ON "member_reports" USING btree ("reporter_id","target_kind","target_id") WHERE "member_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "member_reports_open_target_idx" ON "member_reports" USING btree ("target_kind","target_id") WHERE "member_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "member_reports_open_created_idx" ON "member_reports" USING btree ("created_at") WHERE "member_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "member_reports_reporter_created_idx" ON "member_reports" USING btree ("reporter_id","created_at");