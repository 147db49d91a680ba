ALTER TABLE "messages" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "payload" jsonb;--> statement-breakpoint
-- Data conversion (written by hand): until now a notice was text starting with [SYSTEM] or [PRICE_...], so anyone
-- could forge one. A row becomes a notice only when all of these hold, and otherwise stays 'text', shown verbatim:
-- - it is exactly one of the server's fixed templates, its amounts written as the server wrote them ("$1,250.00")
--   and within the price limit (PRICE_MAX in src/domain/services.ts; a larger one could not be a notice and would
--   overflow the integer cast);
-- - its sender is the party the server posted it as (the client, the provider, either participant for prices, or an
--   admin, who is never a participant);
-- - the conversation's own records prove it happened, where they can: a client who once typed "[SYSTEM] Payment of
--   $500.00 received" must not get a genuine payment notice. Payment: the conversation is paid and the amount is its
--   price or a recorded charge; progress: the conversation reached that step (the flags only ever go forward, as a
--   paid conversation cannot be reset); refunds, disputes and payouts: their row exists with that amount or reason.
--   Prices have no record to check against (every proposal is a participant's own act). A conversation has one
--   payment and one acceptance, so of several such rows only the one nearest the recorded time converts.
UPDATE "messages" AS m SET "kind" = 'admin_reset', "text" = NULL, "payload" = '{}'::jsonb
FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
      FROM "messages" AS m2, regexp_match(m2."text", '^\[SYSTEM\] An admin reset the price and progress of this conversation$') AS r(g)
      WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
JOIN "conversations" AS c ON c."id" = p."conversation_id"
WHERE m."id" = p."id" AND p."sender_id" NOT IN (c."participant1_id", c."participant2_id");
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'price_proposed', "text" = NULL, "payload" = jsonb_build_object('priceCents', (replace(p.g[1], ',', '')::numeric * 100)::integer, 'pricingType', CASE p.g[2] WHEN 'hour' THEN 'hourly' ELSE 'fixed' END)
FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
      FROM "messages" AS m2, regexp_match(m2."text", '^\[PRICE_PROPOSAL\] Proposed \$((?:0|[1-9][0-9]{0,2}(?:,[0-9]{3})*)\.[0-9]{2})/(hour|job)$') AS r(g)
      WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
JOIN "conversations" AS c ON c."id" = p."conversation_id"
WHERE m."id" = p."id" AND p."sender_id" IN (c."participant1_id", c."participant2_id") AND (replace(p.g[1], ',', '')::numeric * 100) <= 100000000;
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'price_accepted', "text" = NULL, "payload" = jsonb_build_object('priceCents', (replace(p.g[1], ',', '')::numeric * 100)::integer, 'pricingType', CASE p.g[2] WHEN 'hour' THEN 'hourly' ELSE 'fixed' END)
FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
      FROM "messages" AS m2, regexp_match(m2."text", '^\[PRICE_ACCEPTED\] Accepted \$((?:0|[1-9][0-9]{0,2}(?:,[0-9]{3})*)\.[0-9]{2})/(hour|job)$') AS r(g)
      WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
JOIN "conversations" AS c ON c."id" = p."conversation_id"
WHERE m."id" = p."id" AND p."sender_id" IN (c."participant1_id", c."participant2_id") AND (replace(p.g[1], ',', '')::numeric * 100) <= 100000000;
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'price_rejected', "text" = NULL, "payload" = jsonb_build_object('priceCents', (replace(p.g[1], ',', '')::numeric * 100)::integer, 'pricingType', CASE p.g[2] WHEN 'hour' THEN 'hourly' ELSE 'fixed' END)
FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
      FROM "messages" AS m2, regexp_match(m2."text", '^\[PRICE_REJECTED\] Rejected \$((?:0|[1-9][0-9]{0,2}(?:,[0-9]{3})*)\.[0-9]{2})/(hour|job)$') AS r(g)
      WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
JOIN "conversations" AS c ON c."id" = p."conversation_id"
WHERE m."id" = p."id" AND p."sender_id" IN (c."participant1_id", c."participant2_id") AND (replace(p.g[1], ',', '')::numeric * 100) <= 100000000;
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'original_price_accepted', "text" = NULL, "payload" = jsonb_build_object('priceCents', (replace(p.g[1], ',', '')::numeric * 100)::integer, 'pricingType', CASE p.g[2] WHEN 'hour' THEN 'hourly' ELSE 'fixed' END)
FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
      FROM "messages" AS m2, regexp_match(m2."text", '^\[PRICE_ACCEPTED\] Original price accepted: \$((?:0|[1-9][0-9]{0,2}(?:,[0-9]{3})*)\.[0-9]{2})/(hour|job)$') AS r(g)
      WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
JOIN "conversations" AS c ON c."id" = p."conversation_id"
WHERE m."id" = p."id" AND p."sender_id" IN (c."participant1_id", c."participant2_id") AND (replace(p.g[1], ',', '')::numeric * 100) <= 100000000;
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'payment_received', "text" = NULL, "payload" = jsonb_build_object('amountCents', q."cents")
FROM (SELECT DISTINCT ON (p."conversation_id") p."id", (replace(p.g[1], ',', '')::numeric * 100)::integer AS "cents"
      FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
            FROM "messages" AS m2, regexp_match(m2."text", '^\[SYSTEM\] Payment of \$((?:0|[1-9][0-9]{0,2}(?:,[0-9]{3})*)\.[0-9]{2}) received$') AS r(g)
            WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
      JOIN "conversations" AS c ON c."id" = p."conversation_id"
      WHERE p."sender_id" = c."participant1_id" AND c."payment_completed" AND (replace(p.g[1], ',', '')::numeric * 100) <= 100000000
        AND ((replace(p.g[1], ',', '')::numeric * 100) = c."final_price_cents"
             OR EXISTS (SELECT 1 FROM "payment_transactions" AS t
                        WHERE t."conversation_id" = c."id" AND t."amount_cents" = (replace(p.g[1], ',', '')::numeric * 100)))
      ORDER BY p."conversation_id", abs(extract(epoch FROM p."created_at" - coalesce(c."paid_at", p."created_at"))),
        p."created_at", p."id") AS q
WHERE m."id" = q."id";
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'service_started', "text" = NULL, "payload" = '{}'::jsonb
FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
      FROM "messages" AS m2, regexp_match(m2."text", '^\[SYSTEM\] The provider started the service$') AS r(g)
      WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
JOIN "conversations" AS c ON c."id" = p."conversation_id"
WHERE m."id" = p."id" AND p."sender_id" = c."participant2_id" AND c."service_started";
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'service_completed', "text" = NULL, "payload" = '{}'::jsonb
FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
      FROM "messages" AS m2, regexp_match(m2."text", '^\[SYSTEM\] The provider marked the service as completed$') AS r(g)
      WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
JOIN "conversations" AS c ON c."id" = p."conversation_id"
WHERE m."id" = p."id" AND p."sender_id" = c."participant2_id" AND c."service_completed";
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'completion_confirmed', "text" = NULL, "payload" = jsonb_build_object('automatic', q."automatic")
FROM (SELECT DISTINCT ON (p."conversation_id") p."id", p.g[1] LIKE 'Completion%' AS "automatic"
      FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
            FROM "messages" AS m2, regexp_match(m2."text", '^\[SYSTEM\] (The client confirmed the service is complete|Completion was confirmed automatically 3 days after the service was completed)$') AS r(g)
            WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
      JOIN "conversations" AS c ON c."id" = p."conversation_id"
      WHERE p."sender_id" = c."participant1_id" AND c."service_completed" AND c."accepted_at" IS NOT NULL
      ORDER BY p."conversation_id", abs(extract(epoch FROM p."created_at" - c."accepted_at")), p."created_at", p."id") AS q
WHERE m."id" = q."id";
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'service_cancelled', "text" = NULL, "payload" = jsonb_build_object('refundedCents', (replace(p.g[1], ',', '')::numeric * 100)::integer)
FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
      FROM "messages" AS m2, regexp_match(m2."text", '^\[SYSTEM\] The client cancelled the service and was refunded \$((?:0|[1-9][0-9]{0,2}(?:,[0-9]{3})*)\.[0-9]{2})$') AS r(g)
      WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
JOIN "conversations" AS c ON c."id" = p."conversation_id"
WHERE m."id" = p."id" AND p."sender_id" = c."participant1_id" AND (replace(p.g[1], ',', '')::numeric * 100) <= 100000000 AND c."cancelled_at" IS NOT NULL AND EXISTS (SELECT 1 FROM "refunds" AS f WHERE f."conversation_id" = c."id" AND f."reason" = 'client_cancelled' AND f."amount_cents" = (replace(p.g[1], ',', '')::numeric * 100));
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'dispute_opened', "text" = NULL, "payload" = jsonb_build_object('reason', p.g[1])
FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
      FROM "messages" AS m2, regexp_match(m2."text", '^\[SYSTEM\] The client opened a dispute \((Service not delivered|Not as described|Quality problem|Charged incorrectly|Other)\)\. The payout is on hold until an admin resolves it$') AS r(g)
      WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
JOIN "conversations" AS c ON c."id" = p."conversation_id"
WHERE m."id" = p."id" AND p."sender_id" = c."participant1_id" AND EXISTS (SELECT 1 FROM "disputes" AS d WHERE d."conversation_id" = c."id" AND d."source" = 'client' AND d."reason" = p.g[1]);
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'card_dispute_reported', "text" = NULL, "payload" = '{}'::jsonb
FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
      FROM "messages" AS m2, regexp_match(m2."text", '^\[SYSTEM\] The card issuer reported a dispute on this payment\. The payout is on hold until an admin resolves it$') AS r(g)
      WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
JOIN "conversations" AS c ON c."id" = p."conversation_id"
WHERE m."id" = p."id" AND p."sender_id" = c."participant1_id" AND EXISTS (SELECT 1 FROM "disputes" AS d WHERE d."conversation_id" = c."id" AND d."source" = 'card_network');
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'payment_refunded', "text" = NULL, "payload" = jsonb_build_object('amountCents', (replace(p.g[1], ',', '')::numeric * 100)::integer, 'reversedPayoutCents', (replace(p.g[2], ',', '')::numeric * 100)::integer)
FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
      FROM "messages" AS m2, regexp_match(m2."text", '^\[SYSTEM\] An admin refunded \$((?:0|[1-9][0-9]{0,2}(?:,[0-9]{3})*)\.[0-9]{2}) to the client(?:; the provider''s payout of \$((?:0|[1-9][0-9]{0,2}(?:,[0-9]{3})*)\.[0-9]{2}) was reversed)?$') AS r(g)
      WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
JOIN "conversations" AS c ON c."id" = p."conversation_id"
WHERE m."id" = p."id" AND p."sender_id" NOT IN (c."participant1_id", c."participant2_id") AND (replace(p.g[1], ',', '')::numeric * 100) <= 100000000 AND EXISTS (SELECT 1 FROM "refunds" AS f WHERE f."conversation_id" = c."id" AND f."reason" = 'admin_refund' AND f."amount_cents" = (replace(p.g[1], ',', '')::numeric * 100))
  AND (p.g[2] IS NULL OR ((replace(p.g[2], ',', '')::numeric * 100) <= 100000000 AND EXISTS (SELECT 1 FROM "transfers" AS t
       WHERE t."conversation_id" = c."id" AND t."amount_cents" = (replace(p.g[2], ',', '')::numeric * 100))));
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'dispute_resolved', "text" = NULL, "payload" = jsonb_build_object('refundedCents', (replace(p.g[1], ',', '')::numeric * 100)::integer)
FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
      FROM "messages" AS m2, regexp_match(m2."text", '^\[SYSTEM\] An admin resolved the dispute: (?:\$((?:0|[1-9][0-9]{0,2}(?:,[0-9]{3})*)\.[0-9]{2}) refunded to the client, the rest released to the provider|the payment is released to the provider)$') AS r(g)
      WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
JOIN "conversations" AS c ON c."id" = p."conversation_id"
WHERE m."id" = p."id" AND p."sender_id" NOT IN (c."participant1_id", c."participant2_id") AND CASE WHEN p.g[1] IS NULL
    THEN EXISTS (SELECT 1 FROM "disputes" AS d WHERE d."conversation_id" = c."id" AND d."status" = 'released')
    ELSE (replace(p.g[1], ',', '')::numeric * 100) <= 100000000 AND EXISTS (SELECT 1 FROM "refunds" AS f WHERE f."conversation_id" = c."id" AND f."reason" = 'dispute_partial_refund' AND f."amount_cents" = (replace(p.g[1], ',', '')::numeric * 100)) END;
--> statement-breakpoint
UPDATE "messages" AS m SET "kind" = 'payout_sent', "text" = NULL, "payload" = jsonb_build_object('amountCents', (replace(p.g[1], ',', '')::numeric * 100)::integer)
FROM (SELECT m2."id", m2."conversation_id", m2."sender_id", m2."created_at", r.g
      FROM "messages" AS m2, regexp_match(m2."text", '^\[SYSTEM\] \$((?:0|[1-9][0-9]{0,2}(?:,[0-9]{3})*)\.[0-9]{2}) was paid out to the provider$') AS r(g)
      WHERE m2."kind" = 'text' AND r.g IS NOT NULL) AS p
JOIN "conversations" AS c ON c."id" = p."conversation_id"
WHERE m."id" = p."id" AND p."sender_id" = c."participant2_id" AND (replace(p.g[1], ',', '')::numeric * 100) <= 100000000 AND EXISTS (SELECT 1 FROM "transfers" AS t WHERE t."conversation_id" = c."id" AND t."amount_cents" = (replace(p.g[1], ',', '')::numeric * 100));
--> statement-breakpoint
-- A conversation whose last message is now a notice previews it in words, without the old prefix.
UPDATE "conversations" AS c SET "last_message" = regexp_replace(c."last_message", '^\[(SYSTEM|PRICE_PROPOSAL|PRICE_ACCEPTED|PRICE_REJECTED)\] ', '')
WHERE c."last_message" ~ '^\[(SYSTEM|PRICE_PROPOSAL|PRICE_ACCEPTED|PRICE_REJECTED)\] '
  AND (SELECT m."kind" FROM "messages" AS m WHERE m."conversation_id" = c."id"
       ORDER BY m."created_at" DESC, m."id" DESC LIMIT 1) <> 'text';
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_text_has_words" CHECK ("messages"."kind" <> 'text' or ("messages"."text" is not null and "messages"."payload" is null));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_notice_has_payload" CHECK ("messages"."kind" = 'text' or "messages"."payload" is not null);