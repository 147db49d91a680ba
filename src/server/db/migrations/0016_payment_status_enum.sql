-- A payment's status becomes an enum of the domain's list (domain/payments.ts), the only values ever written.
-- conversations.request_status is no longer in the code; it is dropped by a later migration, once no server of the
-- previous release (which still selects it) can be running against this database.
CREATE TYPE "public"."payment_status" AS ENUM('requires_payment_method', 'requires_action', 'succeeded', 'failed');--> statement-breakpoint
ALTER TABLE "payment_transactions" ALTER COLUMN "status" SET DATA TYPE "public"."payment_status" USING "status"::"public"."payment_status";
