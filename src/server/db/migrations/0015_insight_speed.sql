CREATE TABLE "insight_donor_counts" (
	"district_id" integer NOT NULL,
	"blood_group" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "insight_donor_counts_district_id_blood_group_pk" PRIMARY KEY("district_id","blood_group")
);
--> statement-breakpoint
CREATE TABLE "insight_donor_waits" (
	"next_eligible_date" date NOT NULL,
	"district_id" integer NOT NULL,
	"blood_group" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "insight_donor_waits_next_eligible_date_district_id_blood_group_pk" PRIMARY KEY("next_eligible_date","district_id","blood_group")
);
--> statement-breakpoint
CREATE TABLE "insight_requests" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"week" date NOT NULL,
	"month" date NOT NULL,
	"division_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"blood_group" text NOT NULL,
	"status" text NOT NULL,
	"needed_by" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"wait_minutes" double precision
);
--> statement-breakpoint
ALTER TABLE "insight_requests" ADD CONSTRAINT "insight_requests_request_id_donation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."donation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_requests_week_idx" ON "insight_requests" USING btree ("week","wait_minutes") INCLUDE ("day","status","needed_by","blood_group","division_id","district_id");--> statement-breakpoint
CREATE INDEX "insight_requests_month_idx" ON "insight_requests" USING btree ("month","wait_minutes") INCLUDE ("day","status","needed_by","blood_group","division_id","district_id");--> statement-breakpoint
-- Kept by triggers (decision 047): statement-level, with transition tables, so a bulk write costs one
-- aggregate, not a call per row. Requests: their facts row follows every insert and every update that
-- changes what the figures read; a delete cascades (the foreign key).
CREATE FUNCTION "insight_requests_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "insight_requests" ("request_id", "day", "week", "month", "division_id", "district_id", "blood_group", "status", "needed_by", "created_at", "wait_minutes")
    SELECT n."id", d."day", date_trunc('week', d."day"::timestamp)::date, date_trunc('month', d."day"::timestamp)::date, n."division_id", n."district_id",
           n."blood_group", n."status", n."needed_by", n."created_at",
           (SELECT (extract(epoch FROM (min(p."pledged_at") - n."created_at")) / 60)::float8 FROM "donation_pledges" p WHERE p."request_id" = n."id")
    FROM "new_rows" n CROSS JOIN LATERAL (SELECT (n."created_at" AT TIME ZONE 'Asia/Dhaka')::date AS "day") d
    ORDER BY n."id"
    ON CONFLICT ("request_id") DO NOTHING;
  ELSE
    INSERT INTO "insight_requests" AS f ("request_id", "day", "week", "month", "division_id", "district_id", "blood_group", "status", "needed_by", "created_at", "wait_minutes")
    SELECT n."id", d."day", date_trunc('week', d."day"::timestamp)::date, date_trunc('month', d."day"::timestamp)::date, n."division_id", n."district_id",
           n."blood_group", n."status", n."needed_by", n."created_at",
           (SELECT (extract(epoch FROM (min(p."pledged_at") - n."created_at")) / 60)::float8 FROM "donation_pledges" p WHERE p."request_id" = n."id")
    FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    CROSS JOIN LATERAL (SELECT (n."created_at" AT TIME ZONE 'Asia/Dhaka')::date AS "day") d
    WHERE (o."created_at", o."division_id", o."district_id", o."blood_group", o."status", o."needed_by")
          IS DISTINCT FROM (n."created_at", n."division_id", n."district_id", n."blood_group", n."status", n."needed_by")
    ORDER BY n."id"
    ON CONFLICT ("request_id") DO UPDATE SET "day" = excluded."day", "week" = excluded."week", "month" = excluded."month",
      "division_id" = excluded."division_id", "district_id" = excluded."district_id", "blood_group" = excluded."blood_group",
      "status" = excluded."status", "needed_by" = excluded."needed_by", "created_at" = excluded."created_at", "wait_minutes" = excluded."wait_minutes";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "insight_requests_on_insert" AFTER INSERT ON "donation_requests" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_requests_sync"();--> statement-breakpoint
CREATE TRIGGER "insight_requests_on_update" AFTER UPDATE ON "donation_requests" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_requests_sync"();--> statement-breakpoint
-- Pledges: the minutes to a request's first pledge, recomputed for each request a statement touched.
CREATE FUNCTION "insight_pledges_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT "request_id" FROM "new_rows" ORDER BY 1);
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT "request_id" FROM "old_rows" ORDER BY 1);
  ELSE
    touched := ARRAY(SELECT "request_id" FROM "new_rows" UNION SELECT "request_id" FROM "old_rows" ORDER BY 1);
  END IF;
  UPDATE "insight_requests" f
  SET "wait_minutes" = w."wait"
  FROM (
    SELECT f2."request_id",
           (SELECT (extract(epoch FROM (min(p."pledged_at") - f2."created_at")) / 60)::float8 FROM "donation_pledges" p WHERE p."request_id" = f2."request_id") AS "wait"
    FROM "insight_requests" f2 WHERE f2."request_id" = ANY (touched)
  ) w
  WHERE f."request_id" = w."request_id" AND f."wait_minutes" IS DISTINCT FROM w."wait";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "insight_pledges_on_insert" AFTER INSERT ON "donation_pledges" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_pledges_sync"();--> statement-breakpoint
CREATE TRIGGER "insight_pledges_on_update" AFTER UPDATE ON "donation_pledges" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_pledges_sync"();--> statement-breakpoint
CREATE TRIGGER "insight_pledges_on_delete" AFTER DELETE ON "donation_pledges" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_pledges_sync"();--> statement-breakpoint
-- Donors: the change in matchable donors per district, group and next eligible day, added to both
-- counts (keys in order, so two bulk writes lock them in the same order); emptied waits are removed.
CREATE FUNCTION "insight_donors_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  districts integer[];
  groups text[];
  days date[];
  deltas integer[];
BEGIN
  -- A donor counts while active, available, with a group and a place (eligibleDonorSql, matching/index.ts, without the date).
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("district_id" ORDER BY 1, 2, 3), array_agg("blood_group" ORDER BY 1, 2, 3), array_agg("next_eligible_date" ORDER BY 1, 2, 3), array_agg("n" ORDER BY 1, 2, 3)
    INTO districts, groups, days, deltas
    FROM (SELECT "district_id", "blood_group", "next_eligible_date", count(*)::int AS "n" FROM "new_rows"
          WHERE "status" = 'active' AND "available" AND "blood_group" IS NOT NULL AND "upazila_id" IS NOT NULL AND "district_id" IS NOT NULL
          GROUP BY 1, 2, 3) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("district_id" ORDER BY 1, 2, 3), array_agg("blood_group" ORDER BY 1, 2, 3), array_agg("next_eligible_date" ORDER BY 1, 2, 3), array_agg("n" ORDER BY 1, 2, 3)
    INTO districts, groups, days, deltas
    FROM (SELECT "district_id", "blood_group", "next_eligible_date", -count(*)::int AS "n" FROM "old_rows"
          WHERE "status" = 'active' AND "available" AND "blood_group" IS NOT NULL AND "upazila_id" IS NOT NULL AND "district_id" IS NOT NULL
          GROUP BY 1, 2, 3) d;
  ELSE
    SELECT array_agg("district_id" ORDER BY 1, 2, 3), array_agg("blood_group" ORDER BY 1, 2, 3), array_agg("next_eligible_date" ORDER BY 1, 2, 3), array_agg("n" ORDER BY 1, 2, 3)
    INTO districts, groups, days, deltas
    FROM (SELECT "district_id", "blood_group", "next_eligible_date", sum("s")::int AS "n"
          FROM (SELECT "district_id", "blood_group", "next_eligible_date", "status", "available", "upazila_id", 1 AS "s" FROM "new_rows"
                UNION ALL
                SELECT "district_id", "blood_group", "next_eligible_date", "status", "available", "upazila_id", -1 FROM "old_rows") c
          WHERE "status" = 'active' AND "available" AND "blood_group" IS NOT NULL AND "upazila_id" IS NOT NULL AND "district_id" IS NOT NULL
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
$$;--> statement-breakpoint
CREATE TRIGGER "insight_donors_on_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_donors_sync"();--> statement-breakpoint
CREATE TRIGGER "insight_donors_on_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_donors_sync"();--> statement-breakpoint
CREATE TRIGGER "insight_donors_on_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_donors_sync"();--> statement-breakpoint
-- What is there already (the triggers above already hold the tables: nothing is written in between).
INSERT INTO "insight_requests" ("request_id", "day", "week", "month", "division_id", "district_id", "blood_group", "status", "needed_by", "created_at", "wait_minutes")
SELECT r."id", d."day", date_trunc('week', d."day"::timestamp)::date, date_trunc('month', d."day"::timestamp)::date, r."division_id", r."district_id",
       r."blood_group", r."status", r."needed_by", r."created_at", (extract(epoch FROM (p."first" - r."created_at")) / 60)::float8
FROM "donation_requests" r
CROSS JOIN LATERAL (SELECT (r."created_at" AT TIME ZONE 'Asia/Dhaka')::date AS "day") d
LEFT JOIN (SELECT "request_id", min("pledged_at") AS "first" FROM "donation_pledges" GROUP BY 1) p ON p."request_id" = r."id";--> statement-breakpoint
INSERT INTO "insight_donor_counts" ("district_id", "blood_group", "n")
SELECT "district_id", "blood_group", count(*)::int FROM "users"
WHERE "status" = 'active' AND "available" AND "blood_group" IS NOT NULL AND "upazila_id" IS NOT NULL AND "district_id" IS NOT NULL
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "insight_donor_waits" ("next_eligible_date", "district_id", "blood_group", "n")
SELECT "next_eligible_date", "district_id", "blood_group", count(*)::int FROM "users"
WHERE "status" = 'active' AND "available" AND "blood_group" IS NOT NULL AND "upazila_id" IS NOT NULL AND "district_id" IS NOT NULL AND "next_eligible_date" IS NOT NULL
GROUP BY 1, 2, 3;
