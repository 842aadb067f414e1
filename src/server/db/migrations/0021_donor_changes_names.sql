-- The donor index now holds what a page of donors shows (decision 057): a change of a donor's name,
-- email or picture is a change of what the index holds.
CREATE OR REPLACE FUNCTION "donor_changes_log"() RETURNS trigger LANGUAGE plpgsql AS $$
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
             o."next_eligible_date", o."available", o."email_verified", o."deleted_at",
             o."quiet_hours_start", o."quiet_hours_end", o."name", o."email", o."image")
        IS DISTINCT FROM (n."status", n."blood_group", n."division_id", n."district_id", n."upazila_id", n."last_donation_date",
             n."next_eligible_date", n."available", n."email_verified", n."deleted_at",
             n."quiet_hours_start", n."quiet_hours_end", n."name", n."email", n."image")
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
END $$;
