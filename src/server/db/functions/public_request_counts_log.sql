-- Keeps public_request_counts (the public list's totals, decision 054) from every write to
-- donation_requests. Defined by migration 0020.
--
-- The public list's totals (decision 054): the requests that can be on it (pending, requester not
-- blocked), counted by donation day, urgency and open reports, kept in the writing transaction by
-- statement triggers. The rows a statement changes are added up first and written in key order, so
-- two statements lock the counters they share in the same order.
CREATE OR REPLACE FUNCTION "public_request_counts_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "public_request_counts";
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "public_request_counts" AS c ("day", "urgency", "reports", "n")
      SELECT "donation_date", "urgency", "open_reports", count(*) FROM new_rows
      WHERE "status" = 'pending' AND NOT "requester_blocked"
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("day", "urgency", "reports") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "public_request_counts" AS c ("day", "urgency", "reports", "n")
      SELECT "donation_date", "urgency", "open_reports", -count(*) FROM old_rows
      WHERE "status" = 'pending' AND NOT "requester_blocked"
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("day", "urgency", "reports") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    INSERT INTO "public_request_counts" AS c ("day", "urgency", "reports", "n")
      SELECT d."day", d."urgency", d."reports", sum(d."n") FROM (
        SELECT "donation_date" AS "day", "urgency", "open_reports" AS "reports", -1 AS "n" FROM old_rows
        WHERE "status" = 'pending' AND NOT "requester_blocked"
        UNION ALL
        SELECT "donation_date", "urgency", "open_reports", 1 FROM new_rows
        WHERE "status" = 'pending' AND NOT "requester_blocked"
      ) d
      GROUP BY 1, 2, 3 HAVING sum(d."n") <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("day", "urgency", "reports") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER "public_request_counts_on_insert" AFTER INSERT ON "donation_requests" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "public_request_counts_log"();
CREATE OR REPLACE TRIGGER "public_request_counts_on_update" AFTER UPDATE ON "donation_requests" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "public_request_counts_log"();
CREATE OR REPLACE TRIGGER "public_request_counts_on_delete" AFTER DELETE ON "donation_requests" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "public_request_counts_log"();
CREATE OR REPLACE TRIGGER "public_request_counts_on_truncate" AFTER TRUNCATE ON "donation_requests"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_request_counts_log"();
