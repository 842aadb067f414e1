-- Keeps search_donor_counts (donor search's totals, decision 064) from every write to users:
-- the change in findable donors (donor_findable.sql) per place, group and "confirmed" (a confirmed address or a proven phone), added
-- to the counts (keys in order, so two bulk writes lock them in the same order). Defined by
-- migration 0024, which filled the table.
CREATE OR REPLACE FUNCTION "search_donor_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its statement has.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "search_donor_counts" AS c ("division_id", "district_id", "upazila_id", "blood_group", "confirmed", "n")
    SELECT coalesce("division_id", 0), coalesce("district_id", 0), "upazila_id", "blood_group", "confirmed", count(*)::int FROM "new_rows"
    WHERE donor_findable("status", "blood_group", "upazila_id")
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("division_id", "district_id", "upazila_id", "blood_group", "confirmed") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "search_donor_counts" AS c ("division_id", "district_id", "upazila_id", "blood_group", "confirmed", "n")
    SELECT coalesce("division_id", 0), coalesce("district_id", 0), "upazila_id", "blood_group", "confirmed", -count(*)::int FROM "old_rows"
    WHERE donor_findable("status", "blood_group", "upazila_id")
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("division_id", "district_id", "upazila_id", "blood_group", "confirmed") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    INSERT INTO "search_donor_counts" AS c ("division_id", "district_id", "upazila_id", "blood_group", "confirmed", "n")
    SELECT coalesce("division_id", 0), coalesce("district_id", 0), "upazila_id", "blood_group", "confirmed", sum("s")::int FROM (
      SELECT "division_id", "district_id", "upazila_id", "blood_group", "confirmed", "status", 1 AS "s" FROM "new_rows"
      UNION ALL
      SELECT "division_id", "district_id", "upazila_id", "blood_group", "confirmed", "status", -1 FROM "old_rows"
    ) w
    WHERE donor_findable("status", "blood_group", "upazila_id")
    GROUP BY 1, 2, 3, 4, 5 HAVING sum("s") <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("division_id", "district_id", "upazila_id", "blood_group", "confirmed") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER "search_donor_counts_on_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_donor_counts_sync"();
CREATE OR REPLACE TRIGGER "search_donor_counts_on_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_donor_counts_sync"();
CREATE OR REPLACE TRIGGER "search_donor_counts_on_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_donor_counts_sync"();
