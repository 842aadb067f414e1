// Who is a donor, and who may give on a day (issue 31): the web's statement of the rules whose
// one SQL statement is src/server/db/functions/donor_findable.sql and donor_eligible_on.sql (matching, donor search, outreach
// and the insight figures use that one). src/server/matching/donor-rules.test.ts proves the two
// agree on generated donors. Zod-free: pages import it.

/** What the rules read of an account. */
export interface DonorFacts {
  status: string;
  bloodGroup: string | null;
  upazilaId: number | null;
  available: boolean;
  /** YYYY-MM-DD, or null: may give now. */
  nextEligibleDate: string | null;
}

/** Findable: an active account with a blood group and a place (donor_findable). */
export const isFindableDonor = (d: Pick<DonorFacts, 'status' | 'bloodGroup' | 'upazilaId'>): boolean =>
  d.status === 'active' && d.bloodGroup !== null && d.upazilaId !== null;

/** The first day a donor may give again, as a page shows it: null when that is today or earlier (or never given). */
export const eligibleFrom = (nextEligibleDate: string | null, today: string): string | null =>
  nextEligibleDate !== null && nextEligibleDate > today ? nextEligibleDate : null;

/** Eligible on `day` (YYYY-MM-DD): available and past the interval, that day included (donor_eligible_on). */
export const isEligibleDonorOn = (d: Pick<DonorFacts, 'available' | 'nextEligibleDate'>, day: string): boolean =>
  d.available && eligibleFrom(d.nextEligibleDate, day) === null;

