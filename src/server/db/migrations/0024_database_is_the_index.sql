-- Issue 31: the database is the index (decision 064). Matching, donor search and outreach's waves
-- read PostgreSQL again: the partial indexes they scan (the findable donors: donor_findable,
-- db/functions/donor_findable.sql), and district_distances, every district's others nearest first
-- (written by the seed). District distances are filled at the next start (db/seed.ts).
CREATE TABLE "search_donor_counts" (
	"division_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"upazila_id" integer NOT NULL,
	"blood_group" text NOT NULL,
	"confirmed" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "search_donor_counts_pk" PRIMARY KEY("blood_group","division_id","district_id","upazila_id","confirmed")
);
--> statement-breakpoint
CREATE TABLE "district_distances" (
	"from_district" integer NOT NULL,
	"to_district" integer NOT NULL,
	"km" double precision NOT NULL,
	"rank" smallint NOT NULL,
	CONSTRAINT "district_distances_from_district_rank_pk" PRIMARY KEY("from_district","rank")
);
--> statement-breakpoint
-- The in-memory donor index is gone (decision 064): its change log, the trigger that filled it
-- and the trigger's function go with it.
DROP TRIGGER IF EXISTS "donor_changes_on_insert" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "donor_changes_on_update" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "donor_changes_on_delete" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "donor_changes_on_truncate" ON "users";--> statement-breakpoint
DROP FUNCTION IF EXISTS "donor_changes_log"();--> statement-breakpoint
DROP TABLE "donor_changes" CASCADE;--> statement-breakpoint
ALTER TABLE "district_distances" ADD CONSTRAINT "district_distances_from_district_districts_id_fk" FOREIGN KEY ("from_district") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_distances" ADD CONSTRAINT "district_distances_to_district_districts_id_fk" FOREIGN KEY ("to_district") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "district_distances_pair_idx" ON "district_distances" USING btree ("from_district","to_district");--> statement-breakpoint
CREATE INDEX "users_match_idx" ON "users" USING btree ("blood_group","district_id","last_donation_date" NULLS FIRST,"id","upazila_id","next_eligible_date","available","quiet_hours_start","quiet_hours_end","email_verified") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_district_idx" ON "users" USING btree ("blood_group","district_id","id","upazila_id","available","next_eligible_date","email_verified") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_division_idx" ON "users" USING btree ("blood_group","division_id","id","available","next_eligible_date","email_verified") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_group_idx" ON "users" USING btree ("blood_group","id","available","next_eligible_date","email_verified") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
-- Donor search's totals (search_donor_counts): filled from the donors there are, and kept from now
-- on by its trigger, created here in the same transaction so that no write slips in between
-- (db/functions/search_donor_counts_sync.sql holds the same text and re-applies it at every start).
INSERT INTO "search_donor_counts" ("division_id", "district_id", "upazila_id", "blood_group", "confirmed", "n")
SELECT coalesce("division_id", 0), coalesce("district_id", 0), "upazila_id", "blood_group", "email_verified", count(*)::int FROM "users"
WHERE "status" = 'active' AND "blood_group" IS NOT NULL AND "upazila_id" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
-- The findable rule its trigger calls, defined here too (db/functions/donor_findable.sql holds the
-- same text) so that the trigger works from this migration's commit, before the functions are applied.
CREATE OR REPLACE FUNCTION donor_findable(status text, blood_group text, upazila_id integer)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT status = 'active' AND blood_group IS NOT NULL AND upazila_id IS NOT NULL $$;--> statement-breakpoint
-- Keeps search_donor_counts (donor search's totals, decision 064) from every write to users:
-- the change in findable donors (donor_findable.sql) per place, group and confirmed address, added
-- to the counts (keys in order, so two bulk writes lock them in the same order). Defined by
-- migration 0024, which filled the table.
CREATE OR REPLACE FUNCTION "search_donor_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its statement has.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "search_donor_counts" AS c ("division_id", "district_id", "upazila_id", "blood_group", "confirmed", "n")
    SELECT coalesce("division_id", 0), coalesce("district_id", 0), "upazila_id", "blood_group", "email_verified", count(*)::int FROM "new_rows"
    WHERE donor_findable("status", "blood_group", "upazila_id")
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("division_id", "district_id", "upazila_id", "blood_group", "confirmed") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "search_donor_counts" AS c ("division_id", "district_id", "upazila_id", "blood_group", "confirmed", "n")
    SELECT coalesce("division_id", 0), coalesce("district_id", 0), "upazila_id", "blood_group", "email_verified", -count(*)::int FROM "old_rows"
    WHERE donor_findable("status", "blood_group", "upazila_id")
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("division_id", "district_id", "upazila_id", "blood_group", "confirmed") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    INSERT INTO "search_donor_counts" AS c ("division_id", "district_id", "upazila_id", "blood_group", "confirmed", "n")
    SELECT coalesce("division_id", 0), coalesce("district_id", 0), "upazila_id", "blood_group", "email_verified", sum("s")::int FROM (
      SELECT "division_id", "district_id", "upazila_id", "blood_group", "email_verified", "status", 1 AS "s" FROM "new_rows"
      UNION ALL
      SELECT "division_id", "district_id", "upazila_id", "blood_group", "email_verified", "status", -1 FROM "old_rows"
    ) w
    WHERE donor_findable("status", "blood_group", "upazila_id")
    GROUP BY 1, 2, 3, 4, 5 HAVING sum("s") <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("division_id", "district_id", "upazila_id", "blood_group", "confirmed") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_donor_counts_on_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_donor_counts_sync"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_donor_counts_on_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_donor_counts_sync"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_donor_counts_on_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_donor_counts_sync"();
