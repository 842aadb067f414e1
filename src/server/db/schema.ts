import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The database schema. Columns are snake_case in PostgreSQL; the API's field names (which follow
 * the spec's contract) are mapped in one function per feature.
 */

export const divisions = pgTable('divisions', {
  id: integer().primaryKey(),
  name: text().notNull(),
  bnName: text().notNull(),
});

export const districts = pgTable(
  'districts',
  {
    id: integer().primaryKey(),
    divisionId: integer()
      .notNull()
      .references(() => divisions.id),
    name: text().notNull(),
    bnName: text().notNull(),
    /** The district's centre (bd-geo), for the distance between a request and its donors. */
    lat: doublePrecision(),
    lon: doublePrecision(),
  },
  (t) => [index('districts_division_id_idx').on(t.divisionId)],
);

export const upazilas = pgTable(
  'upazilas',
  {
    id: integer().primaryKey(),
    districtId: integer()
      .notNull()
      .references(() => districts.id),
    name: text().notNull(),
    bnName: text().notNull(),
  },
  (t) => [index('upazilas_district_id_idx').on(t.districtId)],
);

/**
 * Every pair of districts: the great-circle distance between their centres, and the rank of `to`
 * among `from`'s districts, nearest first (itself: rank 0, 0 km; ties by id). Derived from the
 * districts' centres, written by the seed at start (db/seed.ts); matching walks the districts in
 * this order (db/functions/ranked-donors.sql).
 */
export const districtDistances = pgTable(
  'district_distances',
  {
    fromDistrict: integer()
      .notNull()
      .references(() => districts.id),
    toDistrict: integer()
      .notNull()
      .references(() => districts.id),
    km: doublePrecision().notNull(),
    rank: smallint().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromDistrict, t.rank] }), uniqueIndex('district_distances_pair_idx').on(t.fromDistrict, t.toDistrict)],
);

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
    /** Matching (decision 031): when the donor last gave, what, and when they may give again. */
    lastDonationDate: date({ mode: 'string' }),
    lastDonationComponent: text({ enum: ['whole_blood', 'red_cells', 'platelets', 'plasma'] }),
    /** lastDonationDate plus the interval of its component (shared/eligibility-rules.ts); kept by the server. */
    nextEligibleDate: date({ mode: 'string' }),
    /** The donor's own switch: false while ill or travelling. */
    available: boolean().notNull().default(true),
    donationCount: integer().notNull().default(0),
    /** +8801XXXXXXXXX; shown only to the people this donor agreed to donate with (issue 15). */
    phone: text(),
    /** Alert settings (shared/outreach-rules.ts): channels, quiet hours in minutes of the Dhaka day, weekly cap. */
    notifyEmail: boolean().notNull().default(true),
    notifyPush: boolean().notNull().default(true),
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
    // Findable donors (donor_findable, db/functions/donor-rules.sql: the predicate of each index
    // below is its text), decision 064. Matching's segments: by group and district in "gave
    // longest ago" order, with what the ranking filters on, so a segment is an index-only scan.
    index('users_match_idx')
      .on(t.bloodGroup, t.districtId, t.lastDonationDate.asc().nullsFirst(), t.id, t.upazilaId, t.nextEligibleDate, t.available)
      .where(sql`${t.status} = 'active' AND ${t.bloodGroup} IS NOT NULL AND ${t.upazilaId} IS NOT NULL`),
    // Donor search, by id within a group: in a district (an upazila's search narrows to its
    // district), in a division, or anywhere.
    index('users_search_district_idx')
      .on(t.bloodGroup, t.districtId, t.id)
      .where(sql`${t.status} = 'active' AND ${t.bloodGroup} IS NOT NULL AND ${t.upazilaId} IS NOT NULL`),
    index('users_search_division_idx')
      .on(t.bloodGroup, t.divisionId, t.id)
      .where(sql`${t.status} = 'active' AND ${t.bloodGroup} IS NOT NULL AND ${t.upazilaId} IS NOT NULL`),
    index('users_search_group_idx').on(t.bloodGroup, t.id).where(sql`${t.status} = 'active' AND ${t.bloodGroup} IS NOT NULL AND ${t.upazilaId} IS NOT NULL`),
    check('users_role_check', sql`${t.role} IN ('admin', 'volunteer', 'donner')`),
    check('users_status_check', sql`${t.status} IN ('active', 'blocked')`),
    check('users_blood_group_check', sql`${t.bloodGroup} IN ('A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-')`),
    check('users_last_donation_component_check', sql`${t.lastDonationComponent} IN ('whole_blood', 'red_cells', 'platelets', 'plasma')`),
    check('users_donation_count_check', sql`${t.donationCount} >= 0`),
    check('users_quiet_hours_check', sql`${t.quietHoursStart} BETWEEN 0 AND 1439 AND ${t.quietHoursEnd} BETWEEN 0 AND 1439`),
    check('users_max_alerts_check', sql`${t.maxAlertsPerWeek} BETWEEN 0 AND 50`),
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

/** Uploaded pictures, re-encoded (WebP, metadata stripped, longest side <= 1024 px). */
export const images = pgTable(
  'images',
  {
    id: uuid().primaryKey().defaultRandom(),
    data: bytea().notNull(),
    contentType: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_created_at_idx').on(t.createdAt)],
);

/** Secrets generated at first start and shared by every instance (e.g. the auth secret). */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

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
     * and alerts; an urgent or critical one is only flagged for staff (shared/report-rules.ts).
     */
    openReports: smallint().notNull().default(0),
    /**
     * Whether the requester is blocked: their requests leave the public list. Kept by triggers
     * (migration 0016) from users.status, so the list and its count read one index (issue 19).
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
  },
  (t) => [primaryKey({ columns: [t.requestId, t.donorId] }), index('donation_pledges_donor_idx').on(t.donorId)],
);

export const blogs = pgTable(
  'blogs',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    /** Sanitised HTML (allow-listed tags and attributes only). */
    content: text().notNull(),
    /** The first 100 characters of the text, markup removed, for the cards. */
    excerpt: text().notNull(),
    thumbnail: text().notNull(),
    status: text({ enum: ['draft', 'published', 'unpublish'] }).notNull().default('draft'),
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blogs_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('blogs_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('blogs_status_check', sql`${t.status} IN ('draft', 'published', 'unpublish')`),
  ],
);

/** Money received through Stripe Checkout: one row per paid Checkout Session. */
export const fundings = pgTable(
  'fundings',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Unique: a session reported twice (retries, replays) is recorded once. */
    stripeSessionId: text().notNull().unique(),
    stripeEventId: text().notNull(),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    donorName: text().notNull(),
    /** Whether the giver chose to be named in the ledger; others see "Anonymous" unless so (admins see every name). */
    showName: boolean().notNull().default(false),
    /** In the currency's minor unit (poisha for BDT). A bigint: Stripe's amounts pass 2^31; the app refuses any beyond 2^53. */
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fundings_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()), check('fundings_amount_check', sql`${t.amountMinor} > 0`)],
);

/**
 * What a user is told (issue 15): an alert about a request (to a matched donor; at most one per
 * donor and request, enforced here), or a pledge or withdrawal (to the requester). Email and push
 * delivery states ride along: each channel is sent at most once (outreach/deliveries.ts).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid().references(() => donationRequests.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['alert', 'pledge', 'withdrawal', 'moderation', 'flagged'] }).notNull(),
    /** The wave an alert went out in. */
    wave: smallint(),
    /** 'none' (not wanted or no channel), 'pending', 'sending', 'sent', 'failed', 'unknown' (the process died mid-send). */
    emailState: text().notNull().default('none'),
    pushState: text().notNull().default('none'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
    uniqueIndex('notifications_one_alert_idx').on(t.requestId, t.userId).where(sql`${t.kind} = 'alert'`),
    check('notifications_kind_check', sql`${t.kind} IN ('alert', 'pledge', 'withdrawal', 'moderation', 'flagged')`),
  ],
);

/** A donor's answer to a request: accept (also a pledge) or decline (never alerted about it again). */
export const outreachAnswers = pgTable(
  'outreach_answers',
  {
    requestId: uuid()
      .notNull()
      .references(() => donationRequests.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text({ enum: ['accept', 'decline'] }).notNull(),
    answeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the donor withdrew a pledge to this request (issue 30): no pledge to it again, and at most 3 withdrawals a day. */
    withdrawnAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    index('outreach_answers_withdrawn_idx').on(t.userId, t.withdrawnAt).where(sql`${t.withdrawnAt} IS NOT NULL`),
    check('outreach_answers_answer_check', sql`${t.answer} IN ('accept', 'decline')`),
  ],
);

/** Each wave of alerts a request sent: one row per wave number, so a wave runs once. */
export const outreachWaves = pgTable(
  'outreach_waves',
  {
    requestId: uuid()
      .notNull()
      .references(() => donationRequests.id, { onDelete: 'cascade' }),
    wave: smallint().notNull(),
    notified: integer().notNull(),
    /** The widest area this wave reached: 'upazila', 'district', 'nearby' or 'far' (shared/outreach-rules.ts). */
    area: text().notNull(),
    farthestDistrictId: integer().references(() => districts.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.wave] })],
);

/** A browser's push subscription (web push, VAPID). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

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

/**
 * The audit trail (issue 17): append-only. The migration adds a trigger that refuses UPDATE,
 * DELETE and TRUNCATE, so not even the app's own role can rewrite it. Actors and targets are ids
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

/*
 * The admin home's figures (issue 18, decision 047): summaries kept by triggers in the same
 * transaction as the rows they summarise (migration 0015), so the figures stay exact without
 * scanning every request and every donor on each call. The application never writes them.
 */

/**
 * One narrow row per donation request: what the series and breakdown read (its Dhaka day and
 * period, place, group, status, when it is needed, and minutes to its first pledge, null while it
 * has none). Kept by triggers on donation_requests (insert, update) and donation_pledges.
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

/** Donors who can be matched (eligibleDonorSql without the date), per district and group. */
export const insightDonorCounts = pgTable(
  'insight_donor_counts',
  {
    districtId: integer().notNull(),
    bloodGroup: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.districtId, t.bloodGroup] })],
);

/** The same donors by the day they may give again (those with one): today's eligible = counts minus those waiting past today. */
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
 * statement triggers on `donation_requests` (migration 0020) in the writing transaction, so the
 * list's totals read a few rows instead of counting every pending request after each write
 * (decision 054). Days before yesterday and zero rows are deleted hourly.
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
 * A message sent with the home page's contact form (issue 38): anyone may send one, signed in or
 * not, so it is tied to no account (an account's deletion leaves it); volunteers and admins read
 * them, newest first, and may mark one handled. Rate-limited per address and per email (contact/).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When a volunteer or admin marked it handled, and who (null again if that account is deleted). */
    handledAt: timestamp({ withTimezone: true }),
    handledBy: text().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('contact_messages_lengths_check', sql`length(${t.name}) <= 100 AND length(${t.email}) <= 254 AND length(${t.message}) <= 5000`),
  ],
);
