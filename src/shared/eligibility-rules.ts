// How long a donor waits after a donation before giving again (issue 14, decision 031). Constants
// and date arithmetic only (no zod). The server's DONATION_INTERVAL_*_DAYS override these.
import type { BloodComponent } from './compatibility';

export type DonationIntervals = Record<BloodComponent, number>;

/**
 * Days from a donation of this component to the donor's next donation of anything, keyed by the
 * LAST donation's component (what the donor's body has to replace).
 * - Whole blood: 120 days (4 months), Bangladesh practice for people aged 18-60 (Quantum
 *   Foundation, quoted by BSS, 2021; Badhan and BloodConnect use 120 days / 4 months). Some
 *   Bangladeshi sources say 3 months for men; the UK asks 12-16 weeks, the US 56 days. 120 is the
 *   local rule and the most careful.
 * - Red cells: 120 days too. A red-cell (double red cell) apheresis donation takes more red cells
 *   than whole blood, and the US asks 16 weeks (112 days) after it (FDA rule as published by
 *   OneBlood, "How often can you give blood, platelets or plasma", 2021); 120 keeps the
 *   Bangladesh whole-blood wait, which is longer.
 * - Platelets (apheresis): 7 days, at most 24 times in 12 months (US: OneBlood, above, and the
 *   American Red Cross; Mayo Clinic asks 8 days; the UK 2 weeks). The yearly cap is not checked.
 * - Plasma (apheresis): 28 days (US: American Red Cross, up to 13 times a year; Mayo Clinic Blood
 *   Donor Program, "Platelet, double red cell and plasma donations").
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
export function nextEligibleDate(
  lastDonationDate: string | null,
  lastComponent: BloodComponent | null,
  intervals: DonationIntervals = DONATION_INTERVAL_DAYS,
): string | null {
  if (!lastDonationDate) return null;
  // None recorded (a date typed on the profile), or one the table does not know (an old row): wait
  // as long as after whole blood rather than not at all.
  const days = (lastComponent === null ? undefined : intervals[lastComponent]) ?? intervals.whole_blood;
  // Calendar days: midnight UTC of the date, never the local zone, so no DST or Dhaka offset moves it.
  return new Date(Date.parse(`${lastDonationDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Eligible on `date` (YYYY-MM-DD): from the boundary day (last donation + interval) on, that day included. */
export function isEligibleOn(
  date: string,
  lastDonationDate: string | null,
  lastComponent: BloodComponent | null,
  intervals: DonationIntervals = DONATION_INTERVAL_DAYS,
): boolean {
  const next = nextEligibleDate(lastDonationDate, lastComponent, intervals);
  return next === null || date >= next;
}
