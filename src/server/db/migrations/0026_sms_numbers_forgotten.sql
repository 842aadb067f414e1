-- Issue 32 (decision 067): a phone code's row forgets its number with its text once the code left
-- (sms/outbox.ts); only the kind, segments, state and gateway id stay.
ALTER TABLE "sms_messages" ALTER COLUMN "to_number" DROP NOT NULL;