CREATE TABLE "donor_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "donor_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text,
	"xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "donor_changes_xid_idx" ON "donor_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "donor_changes_changed_at_idx" ON "donor_changes" USING btree ("changed_at");--> statement-breakpoint
-- The donor index (decision 051): every statement that adds, removes or changes what the index
-- holds of a user writes which users, in its own transaction. Other columns (names, settings,
-- sessions' last use) change nothing here. A statement touching more than 1,000 users writes one
-- row with no user: "load everything again".
CREATE FUNCTION "donor_changes_log"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO "donor_changes" ("user_id") VALUES (NULL);
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(c."id") INTO ids FROM (SELECT "id" FROM new_rows LIMIT 1001) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(c."id") INTO ids FROM (SELECT "id" FROM old_rows LIMIT 1001) c;
  ELSE
    SELECT array_agg(c."id") INTO ids FROM (
      SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE (o."status", o."blood_group", o."division_id", o."district_id", o."upazila_id", o."last_donation_date",
             o."next_eligible_date", o."available", o."email_verified", o."deleted_at")
        IS DISTINCT FROM (n."status", n."blood_group", n."division_id", n."district_id", n."upazila_id", n."last_donation_date",
             n."next_eligible_date", n."available", n."email_verified", n."deleted_at")
      LIMIT 1001) c;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(ids) > 1000 THEN
    INSERT INTO "donor_changes" ("user_id") VALUES (NULL);
  ELSE
    INSERT INTO "donor_changes" ("user_id") SELECT unnest(ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "donor_changes_on_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "donor_changes_log"();--> statement-breakpoint
CREATE TRIGGER "donor_changes_on_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "donor_changes_log"();--> statement-breakpoint
CREATE TRIGGER "donor_changes_on_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "donor_changes_log"();--> statement-breakpoint
CREATE TRIGGER "donor_changes_on_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "donor_changes_log"();
