-- Issue 32 (decision 067): a phone proven by a code sent by SMS. phone_number holds the proven
-- number (the login and SMS address, one account each), phone_number_verified says so, and
-- "confirmed" (a confirmed address or a proven phone) replaces email_verified in the findable
-- donors' indexes; search_donor_counts' "confirmed" was email_verified and stays right, as no
-- phone is proven yet. sms_messages: every SMS the site sends (sms/outbox.ts).
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"to_number" text NOT NULL,
	"kind" text NOT NULL,
	"body" text,
	"segments" smallint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"gateway_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_messages_kind_check" CHECK ("sms_messages"."kind" IN ('phone-code')),
	CONSTRAINT "sms_messages_state_check" CHECK ("sms_messages"."state" IN ('pending', 'sending', 'sent', 'delivered', 'failed', 'unknown')),
	CONSTRAINT "sms_messages_segments_check" CHECK ("sms_messages"."segments" BETWEEN 1 AND 10)
);
--> statement-breakpoint
DROP INDEX "users_match_idx";--> statement-breakpoint
DROP INDEX "users_search_district_idx";--> statement-breakpoint
DROP INDEX "users_search_division_idx";--> statement-breakpoint
DROP INDEX "users_search_group_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_number_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirmed" boolean GENERATED ALWAYS AS (email_verified OR phone_number_verified) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_gateway_id_idx" ON "sms_messages" USING btree ("gateway_id") WHERE "sms_messages"."gateway_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_messages_sent_at_idx" ON "sms_messages" USING btree ("sent_at") WHERE "sms_messages"."sent_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_match_idx" ON "users" USING btree ("blood_group","district_id","last_donation_date" NULLS FIRST,"id","upazila_id","next_eligible_date","available","quiet_hours_start","quiet_hours_end","confirmed") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_district_idx" ON "users" USING btree ("blood_group","district_id","id","upazila_id","available","next_eligible_date","confirmed") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_division_idx" ON "users" USING btree ("blood_group","division_id","id","available","next_eligible_date","confirmed") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_group_idx" ON "users" USING btree ("blood_group","id","available","next_eligible_date","confirmed") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_number_unique" UNIQUE("phone_number");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_number_check" CHECK (("users"."phone_number" IS NULL AND NOT "users"."phone_number_verified") OR ("users"."phone_number" = "users"."phone" AND "users"."phone_number_verified"));