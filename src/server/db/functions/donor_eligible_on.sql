-- Who is a donor, and who may give on a day: the one statement of these rules in SQL (issue 31).
-- Matching, donor search, outreach's waves and the insight figures use them; the web's twin is
-- src/shared/matching/model.ts (test: src/server/matching/donor-rules.test.ts proves they agree).
-- Plain SQL and IMMUTABLE, so the planner inlines them: a query's WHERE donor_findable(...)
-- becomes the very predicate of the partial indexes on users (migration 0024), which then apply.

-- Eligible on `day`: available (the donor's own switch) and past the interval after their last
-- donation (next_eligible_date, kept by the server: matching/index.ts), that day included.
CREATE OR REPLACE FUNCTION donor_eligible_on(available boolean, next_eligible_date date, day date)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT available AND (next_eligible_date IS NULL OR next_eligible_date <= day) $$;
