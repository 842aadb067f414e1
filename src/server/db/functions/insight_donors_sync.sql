-- Keeps insight_donor_counts and insight_donor_waits (the admin home's donor figures, decision 047)
-- from every write to users. Defined by migration 0015.
--
-- Donors: the change in matchable donors per district, group and next eligible day, added to both
-- counts (keys in order, so two bulk writes lock them in the same order); emptied waits are removed.
CREATE OR REPLACE FUNCTION "insight_donors_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  districts integer[];
  groups text[];
  days date[];
  deltas integer[];
BEGIN
  -- A donor counts while findable (donor_findable.sql) and available; the date is applied when the figures are read.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("district_id" ORDER BY 1, 2, 3), array_agg("blood_group" ORDER BY 1, 2, 3), array_agg("next_eligible_date" ORDER BY 1, 2, 3), array_agg("n" ORDER BY 1, 2, 3)
    INTO districts, groups, days, deltas
    FROM (SELECT "district_id", "blood_group", "next_eligible_date", count(*)::int AS "n" FROM "new_rows"
          WHERE donor_findable("status", "blood_group", "upazila_id") AND "available" AND "district_id" IS NOT NULL
          GROUP BY 1, 2, 3) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("district_id" ORDER BY 1, 2, 3), array_agg("blood_group" ORDER BY 1, 2, 3), array_agg("next_eligible_date" ORDER BY 1, 2, 3), array_agg("n" ORDER BY 1, 2, 3)
    INTO districts, groups, days, deltas
    FROM (SELECT "district_id", "blood_group", "next_eligible_date", -count(*)::int AS "n" FROM "old_rows"
          WHERE donor_findable("status", "blood_group", "upazila_id") AND "available" AND "district_id" IS NOT NULL
          GROUP BY 1, 2, 3) d;
  ELSE
    SELECT array_agg("district_id" ORDER BY 1, 2, 3), array_agg("blood_group" ORDER BY 1, 2, 3), array_agg("next_eligible_date" ORDER BY 1, 2, 3), array_agg("n" ORDER BY 1, 2, 3)
    INTO districts, groups, days, deltas
    FROM (SELECT "district_id", "blood_group", "next_eligible_date", sum("s")::int AS "n"
          FROM (SELECT "district_id", "blood_group", "next_eligible_date", "status", "available", "upazila_id", 1 AS "s" FROM "new_rows"
                UNION ALL
                SELECT "district_id", "blood_group", "next_eligible_date", "status", "available", "upazila_id", -1 FROM "old_rows") c
          WHERE donor_findable("status", "blood_group", "upazila_id") AND "available" AND "district_id" IS NOT NULL
          GROUP BY 1, 2, 3 HAVING sum("s") <> 0) d;
  END IF;
  IF deltas IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO "insight_donor_counts" AS c ("district_id", "blood_group", "n")
  SELECT d, g, sum(n)::int FROM unnest(districts, groups, deltas) AS u(d, g, n) GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
  ON CONFLICT ("district_id", "blood_group") DO UPDATE SET "n" = c."n" + excluded."n";
  INSERT INTO "insight_donor_waits" AS w ("next_eligible_date", "district_id", "blood_group", "n")
  SELECT day, d, g, n FROM unnest(days, districts, groups, deltas) AS u(day, d, g, n) WHERE day IS NOT NULL ORDER BY 1, 2, 3
  ON CONFLICT ("next_eligible_date", "district_id", "blood_group") DO UPDATE SET "n" = w."n" + excluded."n";
  DELETE FROM "insight_donor_waits" w USING unnest(days, districts, groups) AS u(day, d, g)
  WHERE w."next_eligible_date" = u.day AND w."district_id" = u.d AND w."blood_group" = u.g AND w."n" = 0;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER "insight_donors_on_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_donors_sync"();
CREATE OR REPLACE TRIGGER "insight_donors_on_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_donors_sync"();
CREATE OR REPLACE TRIGGER "insight_donors_on_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_donors_sync"();
