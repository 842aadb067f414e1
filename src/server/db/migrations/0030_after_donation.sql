-- Issue 33: after a donation the donor is thanked (one notification of kind thanks per request and donor) and told on their next eligible day that they can give again (kind eligible); their SMS are of kind notice.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_kind_check";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_one_thanks_idx" ON "notifications" USING btree ("request_id","user_id") WHERE "notifications"."kind" = 'thanks';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" IN ('alert', 'pledge', 'withdrawal', 'moderation', 'flagged', 'thanks', 'eligible'));--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_kind_check" CHECK ("sms_messages"."kind" IN ('phone-code', 'alert', 'reply', 'notice'));