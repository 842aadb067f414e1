CREATE TABLE "donation_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" text NOT NULL,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"recipient_name" text NOT NULL,
	"blood_group" text NOT NULL,
	"hospital_name" text NOT NULL,
	"full_address" text NOT NULL,
	"division_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"upazila_id" integer NOT NULL,
	"donation_date" date NOT NULL,
	"donation_time" text NOT NULL,
	"request_message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"donor_id" text,
	"donor_name" text,
	"donor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_requests_status_check" CHECK ("donation_requests"."status" IN ('pending', 'inprogress', 'done', 'canceled')),
	CONSTRAINT "donation_requests_blood_group_check" CHECK ("donation_requests"."blood_group" IN ('A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-')),
	CONSTRAINT "donation_requests_donor_check" CHECK (("donation_requests"."status" = 'pending') = ("donation_requests"."donor_email" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "donation_requests" ADD CONSTRAINT "donation_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_requests" ADD CONSTRAINT "donation_requests_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_requests" ADD CONSTRAINT "donation_requests_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_requests" ADD CONSTRAINT "donation_requests_upazila_id_upazilas_id_fk" FOREIGN KEY ("upazila_id") REFERENCES "public"."upazilas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_requests" ADD CONSTRAINT "donation_requests_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_requests_pending_idx" ON "donation_requests" USING btree ("donation_date","donation_time","id") WHERE "donation_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "donation_requests_requester_idx" ON "donation_requests" USING btree ("requester_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "donation_requests_requester_status_idx" ON "donation_requests" USING btree ("requester_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "donation_requests_created_idx" ON "donation_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "donation_requests_status_created_idx" ON "donation_requests" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);