-- Keeps insight_requests (the admin home's figures, decision 047) from inserts and updates of
-- donation_requests. Defined by migration 0015.
--
-- Kept by triggers (decision 047): statement-level, with transition tables, so a bulk write costs one
-- aggregate, not a call per row. Requests: their facts row follows every insert and every update that
-- changes what the figures read; a delete cascades (the foreign key).
CREATE OR REPLACE FUNCTION "insight_requests_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
CREATE OR REPLACE TRIGGER "insight_requests_on_insert" AFTER INSERT ON "donation_requests" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_requests_sync"();
CREATE OR REPLACE TRIGGER "insight_requests_on_update" AFTER UPDATE ON "donation_requests" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_requests_sync"();
