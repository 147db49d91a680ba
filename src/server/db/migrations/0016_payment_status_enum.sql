-- A payment's status becomes an enum of the domain's list (domain/payments.ts), the only values ever written.
-- conversations.request_status was never read or written after its default: dropped.
CREATE TYPE "public"."payment_status" AS ENUM('requires_payment_method', 'requires_action', 'succeeded', 'failed');--> statement-breakpoint
ALTER TABLE "payment_transactions" ALTER COLUMN "status" SET DATA TYPE "public"."payment_status" USING "status"::"public"."payment_status";--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "request_status";
