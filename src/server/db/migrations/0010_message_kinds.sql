ALTER TABLE "messages" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "payload" jsonb;--> statement-breakpoint
-- Data conversion (written by hand): until now a notice was text starting with [SYSTEM] or [PRICE_...], so anyone
-- could forge one. Each notice the server ever wrote had one fixed template and one kind of sender (the client, the
-- provider, either participant for prices, or an admin who is not a participant); a row that matches a template and
-- its sender becomes that notice with its fields parsed. Anything else, prefixed or not, was typed by a person and
-- stays 'text', shown verbatim.
UPDATE "messages" AS m SET "kind" = 'price_proposed', "text" = NULL, "payload" = jsonb_build_object('priceCents', round(replace((regexp_match(m."text", '^\[PRICE_PROPOSAL\] Proposed \$([0-9,]+\.[0-9]{2})/(hour|job)$'))[1], ',', '')::numeric * 100)::integer, 'pricingType', CASE (regexp_match(m."text", '^\[PRICE_PROPOSAL\] Proposed \$([0-9,]+\.[0-9]{2})/(hour|job)$'))[2] WHEN 'hour' THEN 'hourly' ELSE 'fixed' END)
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" IN (c."participant1_id", c."participant2_id")
  AND m."text" ~ '^\[PRICE_PROPOSAL\] Proposed \$([0-9,]+\.[0-9]{2})/(hour|job)$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'price_accepted', "text" = NULL, "payload" = jsonb_build_object('priceCents', round(replace((regexp_match(m."text", '^\[PRICE_ACCEPTED\] Accepted \$([0-9,]+\.[0-9]{2})/(hour|job)$'))[1], ',', '')::numeric * 100)::integer, 'pricingType', CASE (regexp_match(m."text", '^\[PRICE_ACCEPTED\] Accepted \$([0-9,]+\.[0-9]{2})/(hour|job)$'))[2] WHEN 'hour' THEN 'hourly' ELSE 'fixed' END)
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" IN (c."participant1_id", c."participant2_id")
  AND m."text" ~ '^\[PRICE_ACCEPTED\] Accepted \$([0-9,]+\.[0-9]{2})/(hour|job)$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'price_rejected', "text" = NULL, "payload" = jsonb_build_object('priceCents', round(replace((regexp_match(m."text", '^\[PRICE_REJECTED\] Rejected \$([0-9,]+\.[0-9]{2})/(hour|job)$'))[1], ',', '')::numeric * 100)::integer, 'pricingType', CASE (regexp_match(m."text", '^\[PRICE_REJECTED\] Rejected \$([0-9,]+\.[0-9]{2})/(hour|job)$'))[2] WHEN 'hour' THEN 'hourly' ELSE 'fixed' END)
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" IN (c."participant1_id", c."participant2_id")
  AND m."text" ~ '^\[PRICE_REJECTED\] Rejected \$([0-9,]+\.[0-9]{2})/(hour|job)$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'original_price_accepted', "text" = NULL, "payload" = jsonb_build_object('priceCents', round(replace((regexp_match(m."text", '^\[PRICE_ACCEPTED\] Original price accepted: \$([0-9,]+\.[0-9]{2})/(hour|job)$'))[1], ',', '')::numeric * 100)::integer, 'pricingType', CASE (regexp_match(m."text", '^\[PRICE_ACCEPTED\] Original price accepted: \$([0-9,]+\.[0-9]{2})/(hour|job)$'))[2] WHEN 'hour' THEN 'hourly' ELSE 'fixed' END)
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" IN (c."participant1_id", c."participant2_id")
  AND m."text" ~ '^\[PRICE_ACCEPTED\] Original price accepted: \$([0-9,]+\.[0-9]{2})/(hour|job)$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'payment_received', "text" = NULL, "payload" = jsonb_build_object('amountCents', round(replace((regexp_match(m."text", '^\[SYSTEM\] Payment of \$([0-9,]+\.[0-9]{2}) received$'))[1], ',', '')::numeric * 100)::integer)
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" = c."participant1_id"
  AND m."text" ~ '^\[SYSTEM\] Payment of \$([0-9,]+\.[0-9]{2}) received$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'service_started', "text" = NULL, "payload" = '{}'::jsonb
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" = c."participant2_id"
  AND m."text" ~ '^\[SYSTEM\] The provider started the service$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'service_completed', "text" = NULL, "payload" = '{}'::jsonb
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" = c."participant2_id"
  AND m."text" ~ '^\[SYSTEM\] The provider marked the service as completed$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'completion_confirmed', "text" = NULL, "payload" = '{"automatic": false}'::jsonb
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" = c."participant1_id"
  AND m."text" ~ '^\[SYSTEM\] The client confirmed the service is complete$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'completion_confirmed', "text" = NULL, "payload" = '{"automatic": true}'::jsonb
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" = c."participant1_id"
  AND m."text" ~ '^\[SYSTEM\] Completion was confirmed automatically 3 days after the service was completed$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'service_cancelled', "text" = NULL, "payload" = jsonb_build_object('refundedCents', round(replace((regexp_match(m."text", '^\[SYSTEM\] The client cancelled the service and was refunded \$([0-9,]+\.[0-9]{2})$'))[1], ',', '')::numeric * 100)::integer)
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" = c."participant1_id"
  AND m."text" ~ '^\[SYSTEM\] The client cancelled the service and was refunded \$([0-9,]+\.[0-9]{2})$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'dispute_opened', "text" = NULL, "payload" = jsonb_build_object('reason', (regexp_match(m."text", '^\[SYSTEM\] The client opened a dispute \((Service not delivered|Not as described|Quality problem|Charged incorrectly|Other)\)\. The payout is on hold until an admin resolves it$'))[1])
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" = c."participant1_id"
  AND m."text" ~ '^\[SYSTEM\] The client opened a dispute \((Service not delivered|Not as described|Quality problem|Charged incorrectly|Other)\)\. The payout is on hold until an admin resolves it$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'card_dispute_reported', "text" = NULL, "payload" = '{}'::jsonb
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" = c."participant1_id"
  AND m."text" ~ '^\[SYSTEM\] The card issuer reported a dispute on this payment\. The payout is on hold until an admin resolves it$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'payment_refunded', "text" = NULL, "payload" = jsonb_build_object('amountCents', round(replace((regexp_match(m."text", '^\[SYSTEM\] An admin refunded \$([0-9,]+\.[0-9]{2}) to the client$'))[1], ',', '')::numeric * 100)::integer, 'reversedPayoutCents', NULL::integer)
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" NOT IN (c."participant1_id", c."participant2_id")
  AND m."text" ~ '^\[SYSTEM\] An admin refunded \$([0-9,]+\.[0-9]{2}) to the client$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'payment_refunded', "text" = NULL, "payload" = jsonb_build_object('amountCents', round(replace((regexp_match(m."text", '^\[SYSTEM\] An admin refunded \$([0-9,]+\.[0-9]{2}) to the client; the provider''s payout of \$([0-9,]+\.[0-9]{2}) was reversed$'))[1], ',', '')::numeric * 100)::integer, 'reversedPayoutCents', round(replace((regexp_match(m."text", '^\[SYSTEM\] An admin refunded \$([0-9,]+\.[0-9]{2}) to the client; the provider''s payout of \$([0-9,]+\.[0-9]{2}) was reversed$'))[2], ',', '')::numeric * 100)::integer)
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" NOT IN (c."participant1_id", c."participant2_id")
  AND m."text" ~ '^\[SYSTEM\] An admin refunded \$([0-9,]+\.[0-9]{2}) to the client; the provider''s payout of \$([0-9,]+\.[0-9]{2}) was reversed$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'dispute_resolved', "text" = NULL, "payload" = jsonb_build_object('refundedCents', round(replace((regexp_match(m."text", '^\[SYSTEM\] An admin resolved the dispute: \$([0-9,]+\.[0-9]{2}) refunded to the client, the rest released to the provider$'))[1], ',', '')::numeric * 100)::integer)
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" NOT IN (c."participant1_id", c."participant2_id")
  AND m."text" ~ '^\[SYSTEM\] An admin resolved the dispute: \$([0-9,]+\.[0-9]{2}) refunded to the client, the rest released to the provider$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'dispute_resolved', "text" = NULL, "payload" = '{"refundedCents": null}'::jsonb
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" NOT IN (c."participant1_id", c."participant2_id")
  AND m."text" ~ '^\[SYSTEM\] An admin resolved the dispute: the payment is released to the provider$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'payout_sent', "text" = NULL, "payload" = jsonb_build_object('amountCents', round(replace((regexp_match(m."text", '^\[SYSTEM\] \$([0-9,]+\.[0-9]{2}) was paid out to the provider$'))[1], ',', '')::numeric * 100)::integer)
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" = c."participant2_id"
  AND m."text" ~ '^\[SYSTEM\] \$([0-9,]+\.[0-9]{2}) was paid out to the provider$';
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'admin_reset', "text" = NULL, "payload" = '{}'::jsonb
FROM "conversations" AS c
WHERE c."id" = m."conversation_id" AND m."kind" = 'text' AND m."sender_id" NOT IN (c."participant1_id", c."participant2_id")
  AND m."text" ~ '^\[SYSTEM\] An admin reset the price and progress of this conversation$';
--> statement-breakpoint
-- A conversation whose last message is now a notice previews it in words, without the old prefix.
UPDATE "conversations" AS c SET "last_message" = regexp_replace(c."last_message", '^\[(SYSTEM|PRICE_PROPOSAL|PRICE_ACCEPTED|PRICE_REJECTED)\] ', '')
WHERE c."last_message" ~ '^\[(SYSTEM|PRICE_PROPOSAL|PRICE_ACCEPTED|PRICE_REJECTED)\] '
  AND (SELECT m."kind" FROM "messages" AS m WHERE m."conversation_id" = c."id"
       ORDER BY m."created_at" DESC, m."id" DESC LIMIT 1) <> 'text';
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_text_has_words" CHECK ("messages"."kind" <> 'text' or ("messages"."text" is not null and "messages"."payload" is null));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_notice_has_payload" CHECK ("messages"."kind" = 'text' or "messages"."payload" is not null);