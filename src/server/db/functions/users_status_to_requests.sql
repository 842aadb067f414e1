-- Keeps donation_requests.requester_blocked when a user's status changes (blocked, unblocked).
-- Defined by migration 0016; donation_requests_requester_blocked_on_insert.sql sets it on a new request.
CREATE OR REPLACE FUNCTION "users_status_to_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "donation_requests" SET "requester_blocked" = (NEW."status" = 'blocked')
    WHERE "requester_id" = NEW."id" AND "requester_blocked" IS DISTINCT FROM (NEW."status" = 'blocked');
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER "users_status_to_requests" AFTER UPDATE OF "status" ON "users"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "users_status_to_requests"();
