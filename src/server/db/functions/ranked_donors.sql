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
RETURNS TABLE (ord integer, seg integer, id text, blood_group text, division_id integer, district_id integer, upazila_id integer, next_eligible_date date)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  tier text[];
  s record;
  got integer := 0;
  visited integer := 0;
  -- Outreach reads the ranking in chunks, each four times the last: a wave by day needs the first.
  chunk integer := greatest(p_limit * 4, 50);
  skip integer;
  want integer;
  n integer;
  ids text[];
BEGIN
  IF p_limit <= 0 THEN
    RETURN;
  END IF;
  FOR t IN 1..2 LOOP
    tier := CASE t WHEN 1 THEN p_first_groups ELSE p_other_groups END;
    CONTINUE WHEN coalesce(cardinality(tier), 0) = 0;
    FOR s IN
      SELECT 0 AS seg, p_district AS district, p_upazila AS only_upazila, NULL::integer AS not_upazila
      UNION ALL SELECT 1, p_district, NULL, p_upazila
      UNION ALL SELECT 1 + d.rank, d.to_district, NULL, NULL FROM district_distances d WHERE d.from_district = p_district AND d.rank > 0
      ORDER BY 1
    LOOP
      skip := 0;
      LOOP
        want := CASE WHEN p_outreach_request IS NULL THEN p_limit - got ELSE least(chunk, p_max_visits - visited) END;
        IF want <= 0 THEN
          RETURN;
        END IF;
        -- The segment's next `want` donors after the `skip` already read: one ordered, limited
        -- scan per group, merged.
        SELECT array_agg(c.id ORDER BY c.last_donation_date NULLS FIRST, c.id) INTO ids
        FROM (
          SELECT m.id, m.last_donation_date
          FROM unnest(tier) AS g(grp)
          CROSS JOIN LATERAL (
            SELECT u.id, u.last_donation_date FROM users u
            WHERE u.blood_group = g.grp AND u.district_id = s.district
              AND donor_findable(u.status, u.blood_group, u.upazila_id)
              AND (s.only_upazila IS NULL OR u.upazila_id = s.only_upazila)
              AND (s.not_upazila IS NULL OR u.upazila_id <> s.not_upazila)
              AND donor_eligible_on(u.available, u.next_eligible_date, p_day)
              AND u.id <> ALL (p_exclude)
            ORDER BY u.last_donation_date NULLS FIRST, u.id
            LIMIT skip + want
          ) m
          ORDER BY m.last_donation_date NULLS FIRST, m.id
          OFFSET skip LIMIT want
        ) c;
        EXIT WHEN ids IS NULL;
        visited := visited + cardinality(ids);
        skip := skip + cardinality(ids);
        RETURN QUERY
          SELECT (got + row_number() OVER (ORDER BY c.ord))::integer, s.seg, u.id, u.blood_group, u.division_id, u.district_id, u.upazila_id, u.next_eligible_date
          FROM unnest(ids) WITH ORDINALITY AS c(id, ord)
          JOIN users u ON u.id = c.id
          WHERE p_outreach_request IS NULL OR (
            (p_awake_at IS NULL OR u.quiet_hours_start = u.quiet_hours_end OR NOT (CASE WHEN u.quiet_hours_start < u.quiet_hours_end
              THEN p_awake_at >= u.quiet_hours_start AND p_awake_at < u.quiet_hours_end
              ELSE p_awake_at >= u.quiet_hours_start OR p_awake_at < u.quiet_hours_end END))
            AND (NOT p_confirmed_only OR u.email_verified)
            AND NOT EXISTS (SELECT 1 FROM donation_pledges p WHERE p.request_id = p_outreach_request AND p.donor_id = u.id)
            AND NOT EXISTS (SELECT 1 FROM notifications a WHERE a.request_id = p_outreach_request AND a.user_id = u.id AND a.kind = 'alert')
            AND NOT EXISTS (SELECT 1 FROM outreach_answers o WHERE o.request_id = p_outreach_request AND o.user_id = u.id)
            AND u.max_alerts_per_week > alerts_toward_weekly_cap(u.id, p_now, p_reports_to_hide))
          ORDER BY c.ord
          LIMIT p_limit - got;
        GET DIAGNOSTICS n = ROW_COUNT;
        got := got + n;
        IF got >= p_limit THEN
          RETURN;
        END IF;
        -- A short read: the segment has no more donors.
        EXIT WHEN cardinality(ids) < want;
        chunk := chunk * 4;
      END LOOP;
    END LOOP;
  END LOOP;
END $$;
