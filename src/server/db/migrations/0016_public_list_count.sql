ALTER TABLE "donation_requests" ADD COLUMN "requester_blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The public list and its count (issue 19): one partial index, index-only for the count, instead of
-- a scan of every pending request anti-joined to the blocked users on every recount.
CREATE INDEX "donation_requests_public_idx" ON "donation_requests" USING btree ("donation_date","donation_time","id") INCLUDE ("needed_by","open_reports","urgency") WHERE "donation_requests"."status" = 'pending' AND NOT "donation_requests"."requester_blocked";--> statement-breakpoint
-- requester_blocked follows users.status. A new request reads its requester's status, holding the
-- row (FOR SHARE) so a block running at the same time waits for it and then flags it too.
CREATE FUNCTION "donation_requests_requester_blocked_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."requester_blocked" := COALESCE((SELECT u."status" = 'blocked' FROM "users" u WHERE u."id" = NEW."requester_id" FOR SHARE), false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "donation_requests_requester_blocked_on_insert" BEFORE INSERT ON "donation_requests"
  FOR EACH ROW EXECUTE FUNCTION "donation_requests_requester_blocked_on_insert"();--> statement-breakpoint
CREATE FUNCTION "users_status_to_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "donation_requests" SET "requester_blocked" = (NEW."status" = 'blocked')
    WHERE "requester_id" = NEW."id" AND "requester_blocked" IS DISTINCT FROM (NEW."status" = 'blocked');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_status_to_requests" AFTER UPDATE OF "status" ON "users"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "users_status_to_requests"();--> statement-breakpoint
UPDATE "donation_requests" dr SET "requester_blocked" = true FROM "users" u WHERE u."id" = dr."requester_id" AND u."status" = 'blocked';
