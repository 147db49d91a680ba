CREATE TABLE "message_originals" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "details_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message_originals" ADD CONSTRAINT "message_originals_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;