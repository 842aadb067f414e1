CREATE TABLE "fundings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stripe_session_id" text NOT NULL,
	"stripe_event_id" text NOT NULL,
	"user_id" text,
	"donor_name" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fundings_stripeSessionId_unique" UNIQUE("stripe_session_id"),
	CONSTRAINT "fundings_amount_check" CHECK ("fundings"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "fundings" ADD CONSTRAINT "fundings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fundings_created_idx" ON "fundings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);