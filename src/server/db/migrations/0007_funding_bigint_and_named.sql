ALTER TABLE "fundings" ALTER COLUMN "amount_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "fundings" ADD COLUMN "show_name" boolean DEFAULT false NOT NULL;