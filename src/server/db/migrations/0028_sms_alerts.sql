-- Issue 32: alerts by SMS. users.notify_sms (the 'sms' setting); an alert's SMS state, its reply code and its short link's token; sms_messages of kind 'alert' (with the alert they carry) and 'reply' (sms/alerts.ts).
ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_sms" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "sms_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reply_code" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link_token" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "notification_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_link_token_idx" ON "notifications" USING btree ("link_token") WHERE "notifications"."link_token" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_reply_code_idx" ON "notifications" USING btree ("user_id","reply_code") WHERE "notifications"."reply_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_messages_notification_idx" ON "sms_messages" USING btree ("notification_id") WHERE "sms_messages"."notification_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sms_state_check" CHECK ("notifications"."sms_state" IN ('none', 'due', 'fallback', 'queued', 'skipped'));--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_kind_check" CHECK ("sms_messages"."kind" IN ('phone-code', 'alert', 'reply'));