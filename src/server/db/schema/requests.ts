// Donation requests, the pledges to give for them, and reports of fake or paid ones.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { districts, divisions, upazilas } from './locations';
import { DEFERRAL_REASONS, PLEDGE_STATES } from '../../../shared/donation-requests/model';

export const donationRequests = pgTable(
  'donation_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    requesterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The requester's name and email when the request was made (the spec shows both). */
    requesterName: text().notNull(),
    requesterEmail: text().notNull(),
    recipientName: text().notNull(),
    bloodGroup: text({ enum: ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] }).notNull(),
    hospitalName: text().notNull(),
    fullAddress: text().notNull(),
    divisionId: integer()
      .notNull()
      .references(() => divisions.id),
    districtId: integer()
      .notNull()
      .references(() => districts.id),
    upazilaId: integer()
      .notNull()
      .references(() => upazilas.id),
    donationDate: date({ mode: 'string' }).notNull(),
    donationTime: text().notNull(),
    requestMessage: text().notNull(),
    status: text({ enum: ['pending', 'inprogress', 'done', 'canceled'] }).notNull().default('pending'),
    donorId: text().references(() => users.id, { onDelete: 'set null' }),
    donorName: text(),
    donorEmail: text(),
    /** What the patient needs (issue 14); old clients get the defaults. */
    component: text({ enum: ['whole_blood', 'red_cells', 'platelets', 'plasma'] }).notNull().default('whole_blood'),
    unitsNeeded: smallint().notNull().default(1),
    /** Pledges so far (donation_pledges rows), kept with them in one transaction: lists show "2 of 3 pledged". */
    pledgeCount: smallint().notNull().default(0),
    /** The donation date and time as an instant in Asia/Dhaka: a pending request past it is expired. */
    neededBy: timestamp({ withTimezone: true }).notNull(),
    urgency: text({ enum: ['normal', 'urgent', 'critical'] }).notNull().default('normal'),
    /** The family's phone (+8801XXXXXXXXX): shown to the requester and to donors who pledged, nobody else. */
    contactPhone: text(),
    /**
     * Open reports of this request that count (issue 17; request_reports.counts, issue 30), kept with
     * request_reports in one transaction: at the threshold a normal request leaves the public list
     * and alerts; an urgent or critical one is only flagged for staff (shared/reports/model.ts).
     */
    openReports: smallint().notNull().default(0),
    /**
     * Whether the requester is blocked: their requests leave the public list. Derived from
     * users.status, so the list and its count read one index (issue 19): set on a new request by
     * db/functions/donation_requests_requester_blocked_on_insert.sql, kept when the status changes by
     * db/functions/users_status_to_requests.sql.
     */
    requesterBlocked: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Pending, soonest first (the outreach and expiry work).
    index('donation_requests_pending_idx').on(t.donationDate, t.donationTime, t.id).where(sql`${t.status} = 'pending'`),
    // The public list and its count, index-only for the count: the migration's SQL adds
    // INCLUDE (needed_by, open_reports, urgency), which drizzle cannot declare.
    index('donation_requests_public_idx')
      .on(t.donationDate, t.donationTime, t.id)
      .where(sql`${t.status} = 'pending' AND NOT ${t.requesterBlocked}`),
    // A requester's list, newest first, with or without a status filter.
    index('donation_requests_requester_idx').on(t.requesterId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('donation_requests_requester_status_idx').on(t.requesterId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin list, newest first, with or without a status filter.
    index('donation_requests_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('donation_requests_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('donation_requests_status_check', sql`${t.status} IN ('pending', 'inprogress', 'done', 'canceled')`),
    check('donation_requests_blood_group_check', sql`${t.bloodGroup} IN ('A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-')`),
    // A request in progress or done has its donor; a pending one has none; a canceled one may
    // have one or not (staff remove a reported request before anyone pledged: issue 17).
    check(
      'donation_requests_donor_check',
      sql`CASE ${t.status} WHEN 'pending' THEN ${t.donorEmail} IS NULL WHEN 'canceled' THEN true ELSE ${t.donorEmail} IS NOT NULL END`,
    ),
    check('donation_requests_component_check', sql`${t.component} IN ('whole_blood', 'red_cells', 'platelets', 'plasma')`),
    check('donation_requests_units_check', sql`${t.unitsNeeded} BETWEEN 1 AND 10`),
    check('donation_requests_pledges_check', sql`${t.pledgeCount} BETWEEN 0 AND ${t.unitsNeeded}`),
    check('donation_requests_urgency_check', sql`${t.urgency} IN ('normal', 'urgent', 'critical')`),
    check('donation_requests_open_reports_check', sql`${t.openReports} >= 0`),
  ],
);

/**
 * A donor's pledge to give for a request (PATCH /confirmDonation/{id}). A request needing k units
 * stays pending until k donors have pledged; each donor pledges once.
 */
export const donationPledges = pgTable(
  'donation_pledges',
  {
    requestId: uuid()
      .notNull()
      .references(() => donationRequests.id, { onDelete: 'cascade' }),
    donorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    donorName: text().notNull(),
    donorEmail: text().notNull(),
    pledgedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The `_id` of a completed donation in the donor's history (issue 17). */
    id: uuid().notNull().defaultRandom().unique(),
    /** The donation certificate's verification code (/verify/{code}): 122 random bits, unguessable. */
    certificateCode: text()
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`)
      .unique(),
    /**
     * The day the donation is recorded for (issue 30): set when its request is marked done, the
     * request's day or, marked done before it, that day (never a future date). Null until then.
     */
    donatedOn: date({ mode: 'string' }),
    /** The donor said "I did not donate" (issue 30): no history, certificate or cooldown from it. */
    disputedAt: timestamp({ withTimezone: true }),
    /**
     * Where the pledge is (issue 33, shared/donation-requests/model.ts PLEDGE_STATES): the donor's
     * check-ins, then the outcome the requester or staff record. Only `donated` enters the donor's
     * history; `no_show` and `deferred` gave the unit back (not counted in pledge_count).
     */
    state: text({ enum: PLEDGE_STATES }).notNull().default('pledged'),
    /** When the state last moved (the pledge's time until then). */
    stateAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Why the bank turned the donor away: `deferred` only. */
    deferralReason: text({ enum: DEFERRAL_REASONS }),
    /** Who recorded the outcome (the requester, a volunteer or an admin); null before one. */
    outcomeBy: text().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.donorId] }),
    index('donation_pledges_donor_idx').on(t.donorId),
    check('donation_pledges_state_check', sql`${t.state} IN ('pledged', 'on_the_way', 'arrived', 'donated', 'no_show', 'deferred')`),
    check(
      'donation_pledges_deferral_check',
      sql`(${t.state} = 'deferred') = (${t.deferralReason} IS NOT NULL) AND ${t.deferralReason} IN ('low_haemoglobin', 'illness', 'medication', 'other')`,
    ),
  ],
);

/**
 * A signed-in user's report of a fake, paid or duplicate request (issue 17): one per user and
 * request. Open until staff resolve all of a request's open reports at once (dismiss or remove).
 */
export const requestReports = pgTable(
  'request_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    requestId: uuid()
      .notNull()
      .references(() => donationRequests.id, { onDelete: 'cascade' }),
    reporterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text({ enum: ['fake', 'paid', 'duplicate', 'other'] }).notNull(),
    note: text(),
    status: text({ enum: ['open', 'dismissed', 'removed'] }).notNull().default('open'),
    /**
     * Whether this report counts toward REPORTS_TO_HIDE (issue 30): its reporter was in good
     * standing when they filed it (confirmed, not new), and has not been blocked or deleted since.
     */
    counts: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: text().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('request_reports_one_per_user_idx').on(t.requestId, t.reporterId),
    index('request_reports_reporter_idx').on(t.reporterId, t.createdAt),
    index('request_reports_open_idx').on(t.requestId).where(sql`${t.status} = 'open'`),
    check('request_reports_reason_check', sql`${t.reason} IN ('fake', 'paid', 'duplicate', 'other')`),
    check('request_reports_status_check', sql`${t.status} IN ('open', 'dismissed', 'removed')`),
  ],
);
