// How long a donor waits after a donation before giving again (issue 14, decision 031). Constants
// and date arithmetic only (no zod). The server's DONATION_INTERVAL_*_DAYS override these.
import type { BloodComponent } from './compatibility';

export type DonationIntervals = Record<BloodComponent, number>;

/**
 * Days from a donation of this component to the donor's next donation of anything.
 * - Whole blood and red cells: 120 days, Bangladesh practice for people aged 18-60 (Quantum
 *   Foundation, quoted by BSS, 2021; Badhan and BloodConnect use 120 days / 4 months). The UK asks
 *   12-16 weeks, the US 56 days; 120 is the most careful and the local rule.
 * - Platelets (apheresis): 7 days, at most 24 times a year (US FDA, 21 CFR 630.15 and the American
 *   Red Cross). The UK asks 2 weeks.
 * - Plasma (apheresis): 28 days (American Red Cross, "Plasma donation").
 */
export const DONATION_INTERVAL_DAYS: DonationIntervals = {
  whole_blood: 120,
  red_cells: 120,
  platelets: 7,
  plasma: 28,
};

/** The environment variables that override each interval (README, server config). */
export const INTERVAL_ENV_VARS: Record<BloodComponent, string> = {
  whole_blood: 'DONATION_INTERVAL_WHOLE_BLOOD_DAYS',
  red_cells: 'DONATION_INTERVAL_RED_CELLS_DAYS',
  platelets: 'DONATION_INTERVAL_PLATELETS_DAYS',
  plasma: 'DONATION_INTERVAL_PLASMA_DAYS',
};

const DAY_MS = 86_400_000;

/**
 * The first day (YYYY-MM-DD) the donor may give again: the last donation's day plus its
 * component's interval, in calendar days. Never donated: null (now). An unknown component counts
 * as whole blood, the longest wait.
 */
export function nextEligibleDate(lastDonationDate: string | null, lastComponent: BloodComponent | null, intervals: DonationIntervals = DONATION_INTERVAL_DAYS): string | null {
  if (!lastDonationDate) return null;
  const days = intervals[lastComponent ?? 'whole_blood'];
  return new Date(Date.parse(`${lastDonationDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Eligible on `date` (YYYY-MM-DD): on the boundary day itself, yes. */
export function isEligibleOn(date: string, lastDonationDate: string | null, lastComponent: BloodComponent | null, intervals: DonationIntervals = DONATION_INTERVAL_DAYS): boolean {
  const next = nextEligibleDate(lastDonationDate, lastComponent, intervals);
  return next === null || date >= next;
}
