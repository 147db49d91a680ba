CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"subject_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "date_of_birth_locked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_events_subject_created_idx" ON "audit_events" USING btree ("subject_id","created_at");--> statement-breakpoint
-- Accounts that already started payouts used their date of birth to choose the adult or minor flow.
UPDATE "profiles" SET "date_of_birth_locked_at" = now() WHERE "stripe_account_id" IS NOT NULL OR "guardian_email" IS NOT NULL;
