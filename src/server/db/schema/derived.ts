// Derived tables: summaries the application reads and never writes, kept by triggers in the
// transaction that writes the rows they summarise, so they are always exact. Each table's comment
// names the file of src/server/db/functions/ that keeps it (that folder's README.md: what keeps what).
import { boolean, date, doublePrecision, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { donationRequests } from './requests';

/*
 * The admin home's figures (issue 18, decision 047): summaries of every request and every donor, so
 * the figures stay exact without scanning them all on each call.
 */

/**
 * One narrow row per donation request: what the series and breakdown read (its Dhaka day and
 * period, place, group, status, when it is needed, and minutes to its first pledge, null while it
 * has none). Kept by db/functions/insight_requests_sync.sql (inserts and updates of
 * donation_requests; a deleted request's row goes by the foreign key) and
 * db/functions/insight_pledges_sync.sql (wait_minutes, from every write to donation_pledges).
 */
export const insightRequests = pgTable(
  'insight_requests',
  {
    requestId: uuid()
      .primaryKey()
      .references(() => donationRequests.id, { onDelete: 'cascade' }),
    /** created_at as a day in Asia/Dhaka, and its week (from Monday) and month. */
    day: date({ mode: 'string' }).notNull(),
    week: date({ mode: 'string' }).notNull(),
    month: date({ mode: 'string' }).notNull(),
    divisionId: integer().notNull(),
    districtId: integer().notNull(),
    bloodGroup: text().notNull(),
    status: text().notNull(),
    neededBy: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    waitMinutes: doublePrecision(),
  },
  // The series and breakdown read a range in period order from these alone (index-only scans): the
  // periods come grouped and each period's waits sorted. Migration 0015 adds
  // INCLUDE (day, status, needed_by, blood_group, division_id, district_id), which drizzle cannot declare.
  (t) => [index('insight_requests_week_idx').on(t.week, t.waitMinutes), index('insight_requests_month_idx').on(t.month, t.waitMinutes)],
);

/**
 * Findable, available donors (donor_findable), per district and group. Kept by
 * db/functions/insight_donors_sync.sql (every write to users).
 */
export const insightDonorCounts = pgTable(
  'insight_donor_counts',
  {
    districtId: integer().notNull(),
    bloodGroup: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.districtId, t.bloodGroup] })],
);

/**
 * The same donors by the day they may give again (those with one): today's eligible = counts minus
 * those waiting past today. Kept by db/functions/insight_donors_sync.sql, with insight_donor_counts.
 */
export const insightDonorWaits = pgTable(
  'insight_donor_waits',
  {
    nextEligibleDate: date({ mode: 'string' }).notNull(),
    districtId: integer().notNull(),
    bloodGroup: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.nextEligibleDate, t.districtId, t.bloodGroup] })],
);

/**
 * How many requests the public list holds, by donation day, urgency and open reports: kept by
 * db/functions/public_request_counts_log.sql (statement triggers on `donation_requests`) in the
 * writing transaction, so the list's totals read a few rows instead of counting every pending
 * request after each write (decision 054). Days before yesterday and zero rows are deleted hourly
 * (the one write the application makes here).
 */
export const publicRequestCounts = pgTable(
  'public_request_counts',
  {
    day: date({ mode: 'string' }).notNull(),
    urgency: text({ enum: ['normal', 'urgent', 'critical'] }).notNull(),
    reports: smallint().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.urgency, t.reports] })],
);

/**
 * Findable donors (donor_findable) per place, group and confirmed address: donor search's exact
 * totals (decision 064), summed over the places and groups a search names. Kept by
 * db/functions/search_donor_counts_sync.sql (every write to users); a place the account does not
 * have is 0.
 */
export const searchDonorCounts = pgTable(
  'search_donor_counts',
  {
    divisionId: integer().notNull(),
    districtId: integer().notNull(),
    upazilaId: integer().notNull(),
    bloodGroup: text().notNull(),
    confirmed: boolean().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'search_donor_counts_pk', columns: [t.bloodGroup, t.divisionId, t.districtId, t.upazilaId, t.confirmed] })],
);
