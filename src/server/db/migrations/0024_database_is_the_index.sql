-- Issue 31: the database is the index (decision 064). Matching, donor search and outreach's waves
-- read PostgreSQL again: the partial indexes they scan (the findable donors: donor_findable,
-- db/functions/donor_findable.sql), and district_distances, every district's others nearest first
-- (written by the seed). District distances are filled at the next start (db/seed.ts).
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
CREATE INDEX "users_search_group_idx" ON "users" USING btree ("blood_group","id","available","next_eligible_date","email_verified") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;