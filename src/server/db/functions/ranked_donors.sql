-- The matching ranking of a request (decision 064), read from PostgreSQL in one call: the matches
-- list, and outreach's waves with their own filters. The order is a series of segments: the
-- identical group before the merely compatible ones (two tiers); within a tier, the request's
-- upazila, the rest of its district, then every other district nearest first (district_distances);
-- within a segment, who gave longest ago first (never first), then by id (the database's collation:
-- C in the embedded database).
-- Each (group, segment) is one short scan of users_match_idx in that very order, LIMIT what is
-- still missing, so a call reads a few hundred index entries however many donors there are, and
-- stops at the first segment that fills the list.
--
-- Matches: p_outreach_request NULL; every donor of the ranking counts, up to p_limit.
-- Outreach: p_outreach_request is the request. The ranking is read up to p_max_visits donors
-- (kept or not: at night, when nearly everyone is in their quiet hours, a normal request's wave
-- looks that far and tries again at the next wave's time), and of those it keeps, in order, up to
-- p_limit who may be alerted now: awake at minute p_awake_at of the Dhaka day (NULL: quiet hours
-- ignored), confirmed when p_confirmed_only, not pledged to the request, not already alerted about
-- it, no answer to it yet, and under their weekly cap (alerts_toward_weekly_cap, at p_now). The
-- wave's transaction checks status and cap again as it inserts (outreach/waves.ts).
CREATE OR REPLACE FUNCTION ranked_donors(
  p_first_groups text[],
  p_other_groups text[],
  p_district integer,
  p_upazila integer,
  p_day date,
  p_exclude text[],
  p_limit integer,
  p_outreach_request uuid DEFAULT NULL,
  p_max_visits integer DEFAULT NULL,
  p_awake_at integer DEFAULT NULL,
  p_confirmed_only boolean DEFAULT false,
  p_now timestamptz DEFAULT now(),
  p_reports_to_hide integer DEFAULT 0
)
RETURNS TABLE (seg integer, id text, blood_group text, district_id integer, upazila_id integer, next_eligible_date date)
LANGUAGE plpgsql STABLE
-- Its statements are the same on every call but for their values: planned once per session (the
-- generic plan), not again on every call (measured: about twice the calls a second).
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  tier text[];
  -- The segments of a tier: 0 the request's upazila, 1 the rest of its district, 1 + k its k-th
  -- nearest other district (read only when the district's own donors are not enough).
  others integer[];
  seg_no integer;
  seg_district integer;
  only_upazila integer;
  not_upazila integer;
  got integer := 0;
  visited integer := 0;
  -- Outreach reads a segment in chunks, each four times the last: a wave by day needs the first.
  chunk integer := greatest(p_limit * 4, 50);
  skip integer;
  want integer;
  n integer;
  read_n integer;
  ids text[];
BEGIN
  IF p_limit <= 0 THEN
    RETURN;
  END IF;
  FOR t IN 1..2 LOOP
    tier := CASE t WHEN 1 THEN p_first_groups ELSE p_other_groups END;
    CONTINUE WHEN coalesce(cardinality(tier), 0) = 0;
    seg_no := 0;
    LOOP
      IF seg_no <= 1 THEN
        seg_district := p_district;
        only_upazila := CASE seg_no WHEN 0 THEN p_upazila END;
        not_upazila := CASE seg_no WHEN 1 THEN p_upazila END;
      ELSE
        IF others IS NULL THEN
          others := ARRAY(SELECT d.to_district FROM district_distances d WHERE d.from_district = p_district AND d.rank > 0 ORDER BY d.rank);
        END IF;
        EXIT WHEN seg_no - 1 > cardinality(others);
        seg_district := others[seg_no - 1];
        only_upazila := NULL;
        not_upazila := NULL;
      END IF;
      IF p_outreach_request IS NULL THEN
        -- Matches: the segment's best, read from the index alone (every column the list needs of
        -- a donor but the name and picture, which the caller reads for its page). The rows come
        -- back in the ranking's order: the caller numbers them (WITH ORDINALITY).
        IF cardinality(tier) = 1 THEN
          -- One group (the identical tier): its scan is the segment, in order already.
          RETURN QUERY
            SELECT seg_no, u.id, u.blood_group, u.district_id, u.upazila_id, u.next_eligible_date FROM users u
            WHERE u.blood_group = tier[1] AND u.district_id = seg_district
              AND donor_findable(u.status, u.blood_group, u.upazila_id)
              AND (only_upazila IS NULL OR u.upazila_id = only_upazila)
              AND (not_upazila IS NULL OR u.upazila_id <> not_upazila)
              AND donor_eligible_on(u.available, u.next_eligible_date, p_day)
              AND u.id <> ALL (p_exclude)
            ORDER BY u.last_donation_date NULLS FIRST, u.id
            LIMIT p_limit - got;
        ELSE
          -- Several groups: each one's scan, merged.
          RETURN QUERY
            SELECT seg_no, m.id, m.blood_group, m.district_id, m.upazila_id, m.next_eligible_date
            FROM unnest(tier) AS g(grp)
            CROSS JOIN LATERAL (
              SELECT u.id, u.blood_group, u.district_id, u.upazila_id, u.next_eligible_date, u.last_donation_date FROM users u
              WHERE u.blood_group = g.grp AND u.district_id = seg_district
                AND donor_findable(u.status, u.blood_group, u.upazila_id)
                AND (only_upazila IS NULL OR u.upazila_id = only_upazila)
                AND (not_upazila IS NULL OR u.upazila_id <> not_upazila)
                AND donor_eligible_on(u.available, u.next_eligible_date, p_day)
                AND u.id <> ALL (p_exclude)
              ORDER BY u.last_donation_date NULLS FIRST, u.id
              LIMIT p_limit - got
            ) m
            ORDER BY m.last_donation_date NULLS FIRST, m.id
            LIMIT p_limit - got;
        END IF;
        GET DIAGNOSTICS n = ROW_COUNT;
        got := got + n;
        IF got >= p_limit THEN
          RETURN;
        END IF;
      ELSE
        -- Outreach: the segment in chunks of candidates read from the index alone, which also
        -- says who is awake and confirmed; only those are checked against this request's
        -- pledges, alerts and answers and their weekly cap.
        skip := 0;
        LOOP
          want := least(chunk, p_max_visits - visited);
          IF want <= 0 THEN
            RETURN;
          END IF;
          SELECT count(*), array_agg(c.id ORDER BY c.last_donation_date NULLS FIRST, c.id) FILTER (
              WHERE (p_awake_at IS NULL OR c.quiet_hours_start = c.quiet_hours_end OR NOT (CASE WHEN c.quiet_hours_start < c.quiet_hours_end
                  THEN p_awake_at >= c.quiet_hours_start AND p_awake_at < c.quiet_hours_end
                  ELSE p_awake_at >= c.quiet_hours_start OR p_awake_at < c.quiet_hours_end END))
                AND (NOT p_confirmed_only OR c.confirmed))
            INTO read_n, ids
          FROM (
            SELECT m.* FROM unnest(tier) AS g(grp)
            CROSS JOIN LATERAL (
              SELECT u.id, u.last_donation_date, u.quiet_hours_start, u.quiet_hours_end, u.confirmed FROM users u
              WHERE u.blood_group = g.grp AND u.district_id = seg_district
                AND donor_findable(u.status, u.blood_group, u.upazila_id)
                AND (only_upazila IS NULL OR u.upazila_id = only_upazila)
                AND (not_upazila IS NULL OR u.upazila_id <> not_upazila)
                AND donor_eligible_on(u.available, u.next_eligible_date, p_day)
                AND u.id <> ALL (p_exclude)
              ORDER BY u.last_donation_date NULLS FIRST, u.id
              LIMIT skip + want
            ) m
            ORDER BY m.last_donation_date NULLS FIRST, m.id
            OFFSET skip LIMIT want
          ) c;
          EXIT WHEN read_n = 0;
          visited := visited + read_n;
          skip := skip + read_n;
          IF ids IS NOT NULL THEN
            RETURN QUERY
              SELECT seg_no, u.id, u.blood_group, u.district_id, u.upazila_id, u.next_eligible_date
              FROM unnest(ids) WITH ORDINALITY AS c(id, ord)
              JOIN users u ON u.id = c.id
              WHERE NOT EXISTS (SELECT 1 FROM donation_pledges p WHERE p.request_id = p_outreach_request AND p.donor_id = u.id)
                AND NOT EXISTS (SELECT 1 FROM notifications a WHERE a.request_id = p_outreach_request AND a.user_id = u.id AND a.kind = 'alert')
                AND NOT EXISTS (SELECT 1 FROM outreach_answers o WHERE o.request_id = p_outreach_request AND o.user_id = u.id)
                AND u.max_alerts_per_week > alerts_toward_weekly_cap(u.id, p_now, p_reports_to_hide)
              ORDER BY c.ord
              LIMIT p_limit - got;
            GET DIAGNOSTICS n = ROW_COUNT;
            got := got + n;
            IF got >= p_limit THEN
              RETURN;
            END IF;
          END IF;
          -- A short read: the segment has no more donors.
          EXIT WHEN read_n < want;
          chunk := chunk * 4;
        END LOOP;
      END IF;
      seg_no := seg_no + 1;
    END LOOP;
  END LOOP;
END $$;
