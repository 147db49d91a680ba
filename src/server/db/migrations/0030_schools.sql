CREATE TABLE "member_school_emails" (
	"user_id" text PRIMARY KEY NOT NULL,
	"domain_id" uuid NOT NULL,
	"address" text NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp (3) with time zone,
	"verified_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_school_emails_address_length" CHECK (char_length("member_school_emails"."address") <= 254)
);
--> statement-breakpoint
CREATE TABLE "school_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_domains_domain_unique" UNIQUE("domain"),
	CONSTRAINT "school_domains_domain_shape" CHECK (char_length("school_domains"."domain") <= 253 and "school_domains"."domain" = lower("school_domains"."domain"))
);
--> statement-breakpoint
CREATE TABLE "school_link_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schools_name_length" CHECK (char_length("schools"."name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "member_school_emails" ADD CONSTRAINT "member_school_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_school_emails" ADD CONSTRAINT "member_school_emails_domain_id_school_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."school_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_domains" ADD CONSTRAINT "school_domains_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_link_requests" ADD CONSTRAINT "school_link_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_school_emails_token_key" ON "member_school_emails" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "member_school_emails_domain_idx" ON "member_school_emails" USING btree ("domain_id");--> statement-breakpoint
CREATE INDEX "school_domains_school_idx" ON "school_domains" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "school_link_requests_user_idx" ON "school_link_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "schools_name_key" ON "schools" USING btree (lower("name"));