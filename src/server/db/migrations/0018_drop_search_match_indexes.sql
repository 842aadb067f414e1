-- Donor search, matching and outreach read the donor index in memory (decisions 051 to 053): these
-- partial indexes of users are read by no query any more, and every write to users paid for them.
DROP INDEX "users_search_group_district_idx";--> statement-breakpoint
DROP INDEX "users_search_group_upazila_idx";--> statement-breakpoint
DROP INDEX "users_search_group_division_idx";--> statement-breakpoint
DROP INDEX "users_search_group_idx";--> statement-breakpoint
DROP INDEX "users_search_district_idx";--> statement-breakpoint
DROP INDEX "users_search_upazila_idx";--> statement-breakpoint
DROP INDEX "users_search_division_idx";--> statement-breakpoint
DROP INDEX "users_match_district_idx";