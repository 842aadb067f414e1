DROP INDEX "blogs_status_created_idx";--> statement-breakpoint
DROP INDEX "blogs_created_idx";--> statement-breakpoint
DROP INDEX "donation_requests_requester_idx";--> statement-breakpoint
DROP INDEX "donation_requests_requester_status_idx";--> statement-breakpoint
DROP INDEX "donation_requests_created_idx";--> statement-breakpoint
DROP INDEX "donation_requests_status_created_idx";--> statement-breakpoint
DROP INDEX "fundings_created_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "users_status_created_at_idx";--> statement-breakpoint
CREATE INDEX "blogs_status_created_idx" ON "blogs" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "blogs_created_idx" ON "blogs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "donation_requests_requester_idx" ON "donation_requests" USING btree ("requester_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "donation_requests_requester_status_idx" ON "donation_requests" USING btree ("requester_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "donation_requests_created_idx" ON "donation_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "donation_requests_status_created_idx" ON "donation_requests" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fundings_created_idx" ON "fundings" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_status_created_at_idx" ON "users" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);