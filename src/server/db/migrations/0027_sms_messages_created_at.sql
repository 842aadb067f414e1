-- Issue 32: the admin home counts the day's and the month's SMS by when they were queued (sms/service.ts).
CREATE INDEX "sms_messages_created_at_idx" ON "sms_messages" USING btree ("created_at");