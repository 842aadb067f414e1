// Accounts and access: who a user is (better-auth's tables, the profile in `users`), how they sign in
// (sessions, throttled failures, rate limits), the app's own secrets, and the audit trail of what
// they did.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { districts, divisions, upazilas } from './locations';

/*
 * Identity. `users`, `sessions`, `accounts` and `verifications` are better-auth's tables (its
 * models user, session, account, verification); the profile fields of the spec are additional
 * columns of `users`, so identity and profile are one row, written in one transaction.
 */
export const users = pgTable(
  'users',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    role: text({ enum: ['admin', 'volunteer', 'donner'] }).notNull().default('donner'),
    status: text({ enum: ['active', 'blocked'] }).notNull().default('active'),
    bloodGroup: text({ enum: ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] }),
    divisionId: integer().references(() => divisions.id),
    districtId: integer().references(() => districts.id),
    upazilaId: integer().references(() => upazilas.id),
    /** Matching (decisions 031 and 064): when the donor last gave, what, and when they may give again. */
    lastDonationDate: date({ mode: 'string' }),
    lastDonationComponent: text({ enum: ['whole_blood', 'red_cells', 'platelets', 'plasma'] }),
    /** lastDonationDate plus the interval of its component (shared/matching/model.ts); kept by the server. */
    nextEligibleDate: date({ mode: 'string' }),
    /** The donor's own switch: false while ill or travelling. */
    available: boolean().notNull().default(true),
    donationCount: integer().notNull().default(0),
    /** +8801XXXXXXXXX; shown only to the people this donor agreed to donate with (issue 15). */
    phone: text(),
    /**
     * The phone proven by a code sent to it by SMS (issue 32, decision 067): better-auth's
     * phone-number plugin writes it, with phoneNumberVerified, on verification and on a phone
     * sign-up. Always the same number as `phone` (users_phone_number_check); changing the phone
     * clears it. Only proven numbers sign in and receive SMS, so a number someone typed into their
     * own profile neither reaches a stranger nor lets the number's owner into that account.
     */
    phoneNumber: text().unique('users_phone_number_unique'),
    phoneNumberVerified: boolean().notNull().default(false),
    /** A confirmed address or a proven phone (issue 32): what search, alerts, reports and pledges ask for when mail is on. */
    confirmed: boolean()
      .notNull()
      .generatedAlwaysAs(sql`email_verified OR phone_number_verified`),
    /** Alert settings (shared/notifications/model.ts): channels, quiet hours in minutes of the Dhaka day, weekly cap. */
    notifyEmail: boolean().notNull().default(true),
    notifyPush: boolean().notNull().default(true),
    /** SMS alerts (issue 32): sent only to a proven phone, while the site has SMS_URL; STOP by reply turns it off. */
    notifySms: boolean().notNull().default(true),
    quietHoursStart: smallint().notNull().default(22 * 60),
    quietHoursEnd: smallint().notNull().default(7 * 60),
    maxAlertsPerWeek: smallint().notNull().default(3),
    /** The language the user reads (issue 16): alerts and emails reach them in it. */
    locale: text({ enum: ['en', 'bn'] }).notNull().default('en'),
    /** Set when the owner deleted the account (issue 17): personal fields are erased, the row stays for the record. */
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // "Newest first" indexes are DESC NULLS FIRST, the order of `ORDER BY ... DESC`: with NULLS LAST
  // (drizzle's default for desc()) PostgreSQL cannot read them in order and sorts instead.
  (t) => [
    index('users_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_status_created_at_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Findable donors (donor_findable, db/functions/donor_findable.sql: the predicate of each index
    // below is its text), decision 064. Matching's segments: by group and district in "gave
    // longest ago" order, with what the ranking filters on (outreach's too: quiet hours and a
    // confirmed address), so a segment is an index-only scan.
    index('users_match_idx')
      .on(t.bloodGroup, t.districtId, t.lastDonationDate.asc().nullsFirst(), t.id, t.upazilaId, t.nextEligibleDate, t.available, t.quietHoursStart, t.quietHoursEnd, t.confirmed)
      .where(sql`${t.status} = 'active' AND ${t.bloodGroup} IS NOT NULL AND ${t.upazilaId} IS NOT NULL`),
    // Donor search, by id within a group: in a district (an upazila's search narrows to its
    // district), in a division, or anywhere; with what its filters read, so the page's ids and the
    // count are index-only scans.
    index('users_search_district_idx')
      .on(t.bloodGroup, t.districtId, t.id, t.upazilaId, t.available, t.nextEligibleDate, t.confirmed)
      .where(sql`${t.status} = 'active' AND ${t.bloodGroup} IS NOT NULL AND ${t.upazilaId} IS NOT NULL`),
    index('users_search_division_idx')
      .on(t.bloodGroup, t.divisionId, t.id, t.available, t.nextEligibleDate, t.confirmed)
      .where(sql`${t.status} = 'active' AND ${t.bloodGroup} IS NOT NULL AND ${t.upazilaId} IS NOT NULL`),
    index('users_search_group_idx')
      .on(t.bloodGroup, t.id, t.available, t.nextEligibleDate, t.confirmed)
      .where(sql`${t.status} = 'active' AND ${t.bloodGroup} IS NOT NULL AND ${t.upazilaId} IS NOT NULL`),
    check('users_role_check', sql`${t.role} IN ('admin', 'volunteer', 'donner')`),
    check('users_status_check', sql`${t.status} IN ('active', 'blocked')`),
    check('users_blood_group_check', sql`${t.bloodGroup} IN ('A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-')`),
    check('users_last_donation_component_check', sql`${t.lastDonationComponent} IN ('whole_blood', 'red_cells', 'platelets', 'plasma')`),
    check('users_donation_count_check', sql`${t.donationCount} >= 0`),
    check('users_quiet_hours_check', sql`${t.quietHoursStart} BETWEEN 0 AND 1439 AND ${t.quietHoursEnd} BETWEEN 0 AND 1439`),
    check('users_max_alerts_check', sql`${t.maxAlertsPerWeek} BETWEEN 0 AND 50`),
    check(
      'users_phone_number_check',
      sql`(${t.phoneNumber} IS NULL AND NOT ${t.phoneNumberVerified}) OR (${t.phoneNumber} = ${t.phone} AND ${t.phoneNumberVerified})`,
    ),
    check('users_locale_check', sql`${t.locale} IN ('en', 'bn')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    token: text().notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId), uniqueIndex('accounts_provider_account_idx').on(t.providerId, t.accountId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Failed password sign-ins per account (`email:<address>`) or per known device
 * (`device:<nonce>`), shared by every instance: auth/sign-in-throttle.ts.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    key: text().primaryKey(),
    failures: integer().notNull(),
    lockedUntil: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_updated_at_idx').on(t.updatedAt)],
);

/** Secrets generated at first start and shared by every instance (e.g. the auth secret). */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counts shared by every instance (plugins/rate-limit-store.ts): one row per route and
 * client address. UNLOGGED in the migration (counts need no crash safety).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The audit trail (issue 17): append-only. Triggers (db/functions/audit_log_append_only.sql) refuse
 * UPDATE, DELETE and TRUNCATE, so not even the app's own role can rewrite it. Actors and targets are ids
 * (no names or emails: a deleted account leaves no personal field behind); the address an action
 * came from is in audit_addresses, which an account's deletion erases.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: text(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_actor_at_idx').on(t.actorId, t.at.desc().nullsFirst()),
    index('audit_log_action_at_idx').on(t.action, t.at.desc().nullsFirst()),
  ],
);

/**
 * The client address of an audited action (issue 17), beside the append-only row it belongs to: the
 * one personal field of the trail, so it can be erased when its actor deletes their account.
 */
export const auditAddresses = pgTable(
  'audit_addresses',
  {
    auditId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => auditLog.id),
    actorId: text(),
    ip: text().notNull(),
  },
  (t) => [index('audit_addresses_actor_idx').on(t.actorId)],
);
