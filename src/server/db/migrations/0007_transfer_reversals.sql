ALTER TABLE "transfers" ADD COLUMN "reversed_cents" integer;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "reversed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "stripe_reversal_id" text;