CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant1_id" text NOT NULL,
	"participant2_id" text NOT NULL,
	"service_id" uuid,
	"request_id" uuid,
	"subject_title" text NOT NULL,
	"last_message" text,
	"request_status" text DEFAULT 'pending' NOT NULL,
	"latest_proposal_price_cents" integer,
	"latest_proposal_pricing_type" "pricing_type",
	"latest_proposal_by" text,
	"latest_proposal_rejected" boolean DEFAULT false NOT NULL,
	"final_price_cents" integer,
	"final_pricing_type" "pricing_type",
	"price_agreed_by_non_posting_party" boolean DEFAULT false NOT NULL,
	"payment_completed" boolean DEFAULT false NOT NULL,
	"service_started" boolean DEFAULT false NOT NULL,
	"service_completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_prices_positive" CHECK (coalesce("conversations"."final_price_cents", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"text" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid,
	"payment_intent_id" text,
	"failure_type" text NOT NULL,
	"error_message" text NOT NULL,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid,
	"payment_intent_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider_amount_cents" integer NOT NULL,
	"platform_fee_cents" integer NOT NULL,
	"stripe_fee_cents" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transactions_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid,
	"conversation_id" uuid,
	"provider_id" text NOT NULL,
	"reviewer_id" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"reviewer_first_name" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_failures" ADD CONSTRAINT "payment_failures_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_service_client_key" ON "conversations" USING btree ("service_id","participant1_id") WHERE "conversations"."service_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_request_provider_key" ON "conversations" USING btree ("request_id","participant2_id") WHERE "conversations"."request_id" is not null;--> statement-breakpoint
CREATE INDEX "conversations_participant1_updated_idx" ON "conversations" USING btree ("participant1_id","updated_at");--> statement-breakpoint
CREATE INDEX "conversations_participant2_updated_idx" ON "conversations" USING btree ("participant2_id","updated_at");--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("conversation_id","sender_id") WHERE not "messages"."is_read";--> statement-breakpoint
CREATE INDEX "payment_transactions_conversation_idx" ON "payment_transactions" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_service_reviewer_key" ON "reviews" USING btree ("service_id","reviewer_id") WHERE "reviews"."service_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_conversation_key" ON "reviews" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "reviews_provider_created_idx" ON "reviews" USING btree ("provider_id","created_at");