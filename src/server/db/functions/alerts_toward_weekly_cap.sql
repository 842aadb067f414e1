-- alerts_toward_weekly_cap(donor, at, reports_to_hide): no trigger, a function queries call (outreach's
-- choice of whom to alert, matching/service.ts, and the wave's insert, outreach/waves.ts). Defined by
-- migration 0022.
--
-- The alerts that count toward a donor's weekly cap (issue 30): those of the 7 days before `at`,
-- except alerts about requests hidden by reports (a normal request at the threshold) or removed by
-- staff after reports. Alerts about deleted requests went with them (ON DELETE CASCADE).
CREATE OR REPLACE FUNCTION alerts_toward_weekly_cap(donor text, at timestamptz, reports_to_hide int) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT count(*) FROM notifications n JOIN donation_requests r ON r.id = n.request_id
  WHERE n.user_id = donor AND n.kind = 'alert' AND n.created_at > at - interval '7 days'
    AND NOT (r.open_reports >= reports_to_hide AND r.urgency = 'normal')
    AND NOT (r.status = 'canceled' AND EXISTS (SELECT 1 FROM request_reports rr WHERE rr.request_id = r.id AND rr.status = 'removed'))
$$;
