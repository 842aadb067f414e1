CREATE TABLE "donation_pledges" (
	"request_id" uuid NOT NULL,
	"donor_id" text NOT NULL,
	"donor_name" text NOT NULL,
	"donor_email" text NOT NULL,
	"pledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_pledges_request_id_donor_id_pk" PRIMARY KEY("request_id","donor_id")
);
--> statement-breakpoint
ALTER TABLE "districts" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "districts" ADD COLUMN "lon" double precision;--> statement-breakpoint
ALTER TABLE "donation_requests" ADD COLUMN "component" text DEFAULT 'whole_blood' NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_requests" ADD COLUMN "units_needed" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_requests" ADD COLUMN "pledge_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_requests" ADD COLUMN "needed_by" timestamp with time zone;--> statement-breakpoint
-- Requests made before times were read: "HH:MM" is taken as written, anything else as the end of the day (Dhaka).
UPDATE "donation_requests" SET "needed_by" = CASE
  WHEN "donation_time" ~ '^([01]?[0-9]|2[0-3]):[0-5][0-9]$' THEN ("donation_date" + "donation_time"::time) AT TIME ZONE 'Asia/Dhaka'
  ELSE ("donation_date" + 1)::timestamp AT TIME ZONE 'Asia/Dhaka'
END;--> statement-breakpoint
ALTER TABLE "donation_requests" ALTER COLUMN "needed_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_requests" ADD COLUMN "urgency" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_donation_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_donation_component" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "next_eligible_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "donation_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_pledges" ADD CONSTRAINT "donation_pledges_request_id_donation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."donation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_pledges" ADD CONSTRAINT "donation_pledges_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_pledges_donor_idx" ON "donation_pledges" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "users_match_district_idx" ON "users" USING btree ("blood_group","district_id","last_donation_date" NULLS FIRST,"id","upazila_id","next_eligible_date") WHERE "users"."status" = 'active' AND "users"."available" AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_requests" ADD CONSTRAINT "donation_requests_component_check" CHECK ("donation_requests"."component" IN ('whole_blood', 'red_cells', 'platelets', 'plasma'));--> statement-breakpoint
ALTER TABLE "donation_requests" ADD CONSTRAINT "donation_requests_units_check" CHECK ("donation_requests"."units_needed" BETWEEN 1 AND 10);--> statement-breakpoint
-- Requests that already have their donor: that donor's confirmation becomes the request's pledge.
INSERT INTO "donation_pledges" ("request_id", "donor_id", "donor_name", "donor_email", "pledged_at")
SELECT "id", "donor_id", "donor_name", "donor_email", "updated_at" FROM "donation_requests"
WHERE "donor_id" IS NOT NULL AND "donor_email" IS NOT NULL AND "donor_name" IS NOT NULL;--> statement-breakpoint
UPDATE "donation_requests" SET "pledge_count" = 1
WHERE "donor_id" IS NOT NULL AND "donor_email" IS NOT NULL AND "donor_name" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_requests" ADD CONSTRAINT "donation_requests_pledges_check" CHECK ("donation_requests"."pledge_count" BETWEEN 0 AND "donation_requests"."units_needed");--> statement-breakpoint
ALTER TABLE "donation_requests" ADD CONSTRAINT "donation_requests_urgency_check" CHECK ("donation_requests"."urgency" IN ('normal', 'urgent', 'critical'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_last_donation_component_check" CHECK ("users"."last_donation_component" IN ('whole_blood', 'red_cells', 'platelets', 'plasma'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_donation_count_check" CHECK ("users"."donation_count" >= 0);