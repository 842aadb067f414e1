-- The matches list of a request (decision 064), for GET /api/donationRequest/{id}/matches
-- (matching/service.ts): the request, its ranking (ranked_donors.sql; the requester and pledged
-- donors left out, eligible on the request's day or p_today if that has passed) cut at p_limit, how
-- many that is, and the page (p_offset, p_page_size) with the donors' names, pictures and
-- distances. One row; no row when there is no such request.
-- p_tiers: every "group component" (say "O+ whole_blood") to its two tiers of donor groups, from
-- src/shared/compatibility.ts, so the compatibility tables keep their one home there.
-- A function, not the caller's statement, only for its plan: planned once per session (the generic
-- plan) instead of at every call, which took a third of the call's time (measured, decision 064).
CREATE OR REPLACE FUNCTION request_matches(
  p_id uuid,
  p_tiers jsonb,
  p_today date,
  p_limit integer,
  p_offset integer,
  p_page_size integer
)
RETURNS TABLE (request json, total integer, rows json)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH req AS (
    SELECT r.id, r.requester_id, r.status, r.donor_id, r.blood_group, r.component, r.district_id, r.upazila_id, r.donation_date,
           ARRAY(SELECT p.donor_id FROM donation_pledges p WHERE p.request_id = r.id) AS pledged,
           p_tiers -> (r.blood_group || ' ' || r.component) AS tiers
    FROM donation_requests r WHERE r.id = p_id
  ), ranked AS MATERIALIZED (
    SELECT d.* FROM req CROSS JOIN LATERAL ranked_donors(
      ARRAY(SELECT jsonb_array_elements_text(req.tiers -> 0)), ARRAY(SELECT jsonb_array_elements_text(req.tiers -> 1)),
      req.district_id, req.upazila_id, greatest(req.donation_date, p_today), req.requester_id || req.pledged, p_limit
    ) WITH ORDINALITY AS d(seg, id, blood_group, district_id, upazila_id, next_eligible_date, ord)
  )
  SELECT json_build_array(req.id, req.requester_id, req.status, req.donor_id, req.blood_group, req.component, req.district_id, req.upazila_id, req.donation_date),
    (SELECT count(*)::int FROM ranked),
    COALESCE((
      SELECT json_agg(json_build_array(k.id, u.name, u.image, k.blood_group, u.division_id, k.district_id, k.upazila_id, dd.km, k.next_eligible_date) ORDER BY k.ord)
      FROM (SELECT * FROM ranked ORDER BY ord OFFSET p_offset LIMIT p_page_size) k
      JOIN users u ON u.id = k.id
      LEFT JOIN district_distances dd ON dd.from_district = req.district_id AND dd.to_district = k.district_id
    ), '[]')
  FROM req;
END $$;
