CREATE TABLE "blogs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"excerpt" text NOT NULL,
	"thumbnail" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blogs_status_check" CHECK ("blogs"."status" IN ('draft', 'published', 'unpublish'))
);
--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blogs_status_created_idx" ON "blogs" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blogs_created_idx" ON "blogs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_search_group_district_idx" ON "users" USING btree ("blood_group","district_id","id") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_group_upazila_idx" ON "users" USING btree ("blood_group","upazila_id","id") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_group_division_idx" ON "users" USING btree ("blood_group","division_id","id") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_group_idx" ON "users" USING btree ("blood_group","id") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_district_idx" ON "users" USING btree ("district_id","id") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_upazila_idx" ON "users" USING btree ("upazila_id","id") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_division_idx" ON "users" USING btree ("division_id","id") WHERE "users"."status" = 'active' AND "users"."blood_group" IS NOT NULL AND "users"."upazila_id" IS NOT NULL;