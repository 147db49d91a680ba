CREATE TYPE "public"."delivery_method" AS ENUM('virtual', 'in-person', 'both');--> statement-breakpoint
CREATE TYPE "public"."pricing_type" AS ENUM('fixed', 'hourly');--> statement-breakpoint
CREATE TABLE "service_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"reporter_id" text,
	"reason" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"budget_cents" integer,
	"pricing_type" "pricing_type" DEFAULT 'fixed' NOT NULL,
	"service_category_id" uuid,
	"image_url" text,
	"search_text" text GENERATED ALWAYS AS (lower(title || ' ' || description)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_budget_non_negative" CHECK ("service_requests"."budget_cents" is null or "service_requests"."budget_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" uuid,
	"price_cents" integer NOT NULL,
	"pricing_type" "pricing_type" DEFAULT 'fixed' NOT NULL,
	"delivery_method" "delivery_method" DEFAULT 'virtual' NOT NULL,
	"service_location" jsonb,
	"image_url" text,
	"search_text" text GENERATED ALWAYS AS (lower(title || ' ' || description)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_price_cents_non_negative" CHECK ("services"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_service_category_id_service_categories_id_fk" FOREIGN KEY ("service_category_id") REFERENCES "public"."service_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_category_id_service_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."service_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_reports_service_idx" ON "service_reports" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_requests_created_idx" ON "service_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "service_requests_category_created_idx" ON "service_requests" USING btree ("service_category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "service_requests_user_created_idx" ON "service_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_budget_idx" ON "service_requests" USING btree ("budget_cents");--> statement-breakpoint
CREATE INDEX "service_requests_search_text_trgm_idx" ON "service_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_created_idx" ON "services" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "services_category_created_idx" ON "services" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "services_user_created_idx" ON "services" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "services_price_idx" ON "services" USING btree ("price_cents");--> statement-breakpoint
CREATE INDEX "services_search_text_trgm_idx" ON "services" USING gin ("search_text" gin_trgm_ops);