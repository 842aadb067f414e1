-- Who is a donor, and who may give on a day: the one statement of these rules in SQL (issue 31).
-- Matching, donor search, outreach's waves and the insight figures use them; the web's twin is
-- src/shared/matching/model.ts (test: src/server/matching/donor-rules.test.ts proves they agree).
-- Plain SQL and IMMUTABLE, so the planner inlines them: a query's WHERE donor_findable(...)
-- becomes the very predicate of the partial indexes on users (migration 0024), which then apply.

-- Findable: an active account with a blood group and a place (an upazila; its district and
-- division come with it). Blocked accounts (a deleted one is blocked too, privacy/service.ts) and
-- people who gave no group or place are nobody's donor.
CREATE OR REPLACE FUNCTION donor_findable(status text, blood_group text, upazila_id integer)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT status = 'active' AND blood_group IS NOT NULL AND upazila_id IS NOT NULL $$;
