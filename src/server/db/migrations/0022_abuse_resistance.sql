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
