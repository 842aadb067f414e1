-- Keeps donation_requests.requester_blocked on a new request (its requester's users.status).
-- Defined by migration 0016; users_status_to_requests.sql keeps it when the status changes.
--
-- requester_blocked follows users.status. A new request reads its requester's status, holding the
-- row (FOR SHARE) so a block running at the same time waits for it and then flags it too.
CREATE OR REPLACE FUNCTION "donation_requests_requester_blocked_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."requester_blocked" := COALESCE((SELECT u."status" = 'blocked' FROM "users" u WHERE u."id" = NEW."requester_id" FOR SHARE), false);
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER "donation_requests_requester_blocked_on_insert" BEFORE INSERT ON "donation_requests"
  FOR EACH ROW EXECUTE FUNCTION "donation_requests_requester_blocked_on_insert"();
