-- Issue 33: a pledged donor is asked "Still coming?" REMINDER_HOURS_BEFORE hours before the request (notifications of kind reminder, one per pledge and hours before).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reminder_hours" smallint;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_one_reminder_idx" ON "notifications" USING btree ("request_id","user_id","reminder_hours") WHERE "notifications"."kind" = 'reminder';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" IN ('alert', 'pledge', 'withdrawal', 'moderation', 'flagged', 'thanks', 'eligible', 'reminder'));