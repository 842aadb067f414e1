import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { pledgeStatesInto } from '../../shared/donation-requests/model';
import type { BloodComponent, DonationIntervals } from '../../shared/matching/model';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema/accounts';
import { donationPledges } from '../db/schema/requests';

// Eligibility as stored: users.next_eligible_date is the last donation's date plus its component's
// interval (shared/matching/model.ts, DONATION_INTERVAL_*_DAYS), so matching filters donors with
// an index-friendly date comparison (donor_eligible_on, db/functions/donor_eligible_on.sql). The server
// keeps it: on a profile edit, when a request is done, and at start when the intervals were changed.


/** The SQL for `date + interval(component)`; an unknown component counts as whole blood (the longest wait). */
export function nextEligibleSql(date: SQL | typeof users.lastDonationDate, component: SQL | typeof users.lastDonationComponent, intervals: DonationIntervals): SQL {
  return sql`(${date} + CASE COALESCE(${component}, 'whole_blood')
    WHEN 'red_cells' THEN ${intervals.red_cells}::int
    WHEN 'platelets' THEN ${intervals.platelets}::int
    WHEN 'plasma' THEN ${intervals.plasma}::int
    ELSE ${intervals.whole_blood}::int END)`;
}

/** The pledges still waiting for their outcome (issue 33): pledged, on the way or arrived. */
const UNDECIDED = pledgeStatesInto('donated');

/**
 * Pledges became donations: when a request is done, each of its pledges without an outcome; when
 * the requester or staff record `donated` for one pledge (issue 33), that one (`donorId`). Each
 * donor gave on `donationDate` (the request's day, or today in Dhaka when that is earlier: never
 * a future date), recorded on the pledge (state donated, donated_on: what the history, the
 * certificate and its public check show, issue 30), unless they already have a later donation;
 * each has given once more. Returns the donors.
 */
export async function recordDonations(tx: Tx, requestId: string, donationDate: string, component: BloodComponent, intervals: DonationIntervals, donorId?: string) {
  const marked = await tx
    .update(donationPledges)
    .set({ state: 'donated', stateAt: new Date(), donatedOn: donationDate })
    .where(and(eq(donationPledges.requestId, requestId), inArray(donationPledges.state, UNDECIDED), donorId === undefined ? undefined : eq(donationPledges.donorId, donorId)))
    .returning({ donorId: donationPledges.donorId });
  const donors = marked.map((m) => m.donorId);
  if (donors.length === 0) return donors;
  const later = sql`${users.lastDonationDate} IS NOT NULL AND ${users.lastDonationDate} > ${donationDate}::date`;
  await tx
    .update(users)
    .set({
      lastDonationDate: sql`CASE WHEN ${later} THEN ${users.lastDonationDate} ELSE ${donationDate}::date END`,
      lastDonationComponent: sql`CASE WHEN ${later} THEN ${users.lastDonationComponent} ELSE ${component} END`,
      nextEligibleDate: sql`CASE WHEN ${later} THEN ${users.nextEligibleDate} ELSE ${nextEligibleSql(sql`${donationDate}::date`, sql`${component}::text`, intervals)} END`,
      donationCount: sql`${users.donationCount} + 1`,
      updatedAt: new Date(),
    })
    .where(inArray(users.id, donors));
  return donors;
}

/** The profile's "last donation" (its component unknown: counted as whole blood), or never. */
export function lastDonationFields(date: string | null, intervals: DonationIntervals) {
  return {
    lastDonationDate: date,
    lastDonationComponent: null,
    nextEligibleDate: date === null ? null : nextEligibleSql(sql`${date}::date`, sql`NULL::text`, intervals),
  };
}

/**
 * At start: when DONATION_INTERVAL_*_DAYS changed since the dates were stored, store them again.
 * Rows already right are not written.
 */
export async function refreshEligibility(db: Db, intervals: DonationIntervals): Promise<number> {
  const expected = nextEligibleSql(users.lastDonationDate, users.lastDonationComponent, intervals);
  const result = await db
    .update(users)
    .set({ nextEligibleDate: expected })
    .where(and(isNotNull(users.lastDonationDate), sql`${users.nextEligibleDate} IS DISTINCT FROM ${expected}`));
  return result.rowCount ?? 0;
}
