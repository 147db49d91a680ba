CREATE TABLE "provider_ratings" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"review_count" integer NOT NULL,
	"rating_sum" integer NOT NULL,
	CONSTRAINT "provider_ratings_non_negative" CHECK ("provider_ratings"."review_count" >= 0 and "provider_ratings"."rating_sum" >= 0)
);
--> statement-breakpoint
-- Kept by the database (issue 16 section 3): every insert, rating change and delete of a review moves its provider's
-- count and sum in the same transaction, whichever path wrote it, so the cards' figures never drift from the reviews.
CREATE FUNCTION "provider_ratings_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "provider_ratings"
      SET "review_count" = "review_count" - 1, "rating_sum" = "rating_sum" - OLD."rating"
      WHERE "provider_id" = OLD."provider_id";
    DELETE FROM "provider_ratings" WHERE "provider_id" = OLD."provider_id" AND "review_count" = 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "provider_ratings" ("provider_id", "review_count", "rating_sum")
      VALUES (NEW."provider_id", 1, NEW."rating")
      ON CONFLICT ("provider_id") DO UPDATE
      SET "review_count" = "provider_ratings"."review_count" + 1,
          "rating_sum" = "provider_ratings"."rating_sum" + EXCLUDED."rating_sum";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "reviews_keep_provider_ratings" AFTER INSERT OR DELETE OR UPDATE OF "rating", "provider_id" ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "provider_ratings_apply"();--> statement-breakpoint
CREATE FUNCTION "provider_ratings_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "provider_ratings";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "reviews_truncate_provider_ratings" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "provider_ratings_clear"();--> statement-breakpoint
INSERT INTO "provider_ratings" ("provider_id", "review_count", "rating_sum")
  SELECT "provider_id", count(*)::int, sum("rating")::int FROM "reviews" GROUP BY "provider_id";
