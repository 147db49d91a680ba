-- Settlement's free-text status columns become enums of the domain's lists (domain/settlement.ts). The default and
-- the partial unique index on open disputes compare with text, so they are taken off around the type change.
CREATE TYPE "public"."dispute_source" AS ENUM('client', 'card_network');--> statement-breakpoint
CREATE TYPE "public"."dispute_status" AS ENUM('open', 'released', 'refunded', 'partially_refunded');--> statement-breakpoint
CREATE TYPE "public"."transfer_status" AS ENUM('held', 'pending', 'paid', 'failed');--> statement-breakpoint
DROP INDEX "disputes_one_open_key";--> statement-breakpoint
ALTER TABLE "disputes" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "disputes" ALTER COLUMN "source" SET DATA TYPE "public"."dispute_source" USING "source"::"public"."dispute_source";--> statement-breakpoint
ALTER TABLE "disputes" ALTER COLUMN "status" SET DATA TYPE "public"."dispute_status" USING "status"::"public"."dispute_status";--> statement-breakpoint
ALTER TABLE "disputes" ALTER COLUMN "status" SET DEFAULT 'open'::"public"."dispute_status";--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_one_open_key" ON "disputes" USING btree ("conversation_id") WHERE "disputes"."status" = 'open';--> statement-breakpoint
ALTER TABLE "transfers" ALTER COLUMN "status" SET DATA TYPE "public"."transfer_status" USING "status"::"public"."transfer_status";
