CREATE TABLE "districts" (
	"id" integer PRIMARY KEY NOT NULL,
	"division_id" integer NOT NULL,
	"name" text NOT NULL,
	"bn_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "divisions" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bn_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upazilas" (
	"id" integer PRIMARY KEY NOT NULL,
	"district_id" integer NOT NULL,
	"name" text NOT NULL,
	"bn_name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upazilas" ADD CONSTRAINT "upazilas_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "districts_division_id_idx" ON "districts" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "upazilas_district_id_idx" ON "upazilas" USING btree ("district_id");