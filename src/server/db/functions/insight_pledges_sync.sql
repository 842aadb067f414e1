-- Keeps insight_requests.wait_minutes (the admin home's figures, decision 047) from every write to
-- donation_pledges. Defined by migration 0015.
--
-- Pledges: the minutes to a request's first pledge, recomputed for each request a statement touched.
CREATE OR REPLACE FUNCTION "insight_pledges_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
CREATE OR REPLACE TRIGGER "insight_pledges_on_insert" AFTER INSERT ON "donation_pledges" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_pledges_sync"();
CREATE OR REPLACE TRIGGER "insight_pledges_on_update" AFTER UPDATE ON "donation_pledges" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_pledges_sync"();
CREATE OR REPLACE TRIGGER "insight_pledges_on_delete" AFTER DELETE ON "donation_pledges" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_pledges_sync"();
