ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "donation_pledges" ADD COLUMN "donated_on" date;--> statement-breakpoint
ALTER TABLE "donation_pledges" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outreach_answers" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_reports" ADD COLUMN "counts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "outreach_answers_withdrawn_idx" ON "outreach_answers" USING btree ("user_id","withdrawn_at") WHERE "outreach_answers"."withdrawn_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "request_reports_reporter_idx" ON "request_reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" IN ('alert', 'pledge', 'withdrawal', 'moderation', 'flagged'));--> statement-breakpoint
-- Donations already recorded: the day they were recorded for (the request's day, or the Dhaka day it was marked done when that was earlier).
UPDATE "donation_pledges" p SET "donated_on" = LEAST(r."donation_date", (r."updated_at" AT TIME ZONE 'Asia/Dhaka')::date)
FROM "donation_requests" r WHERE r."id" = p."request_id" AND r."status" = 'done';
--> statement-breakpoint
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
