// Insight (issue 18): the admin home's outcomes, periods and ranges. Constants only (no zod), so
// the pages that offer an export and the charts read them without the schema library; schemas.ts
// holds the schemas, texts.ts the texts.

import { todayInDhaka } from '../dates/model';

/** How a request ended, as the charts stack it: "expired" is pending with its time passed. */
export const OUTCOMES = ['done', 'inprogress', 'canceled', 'expired', 'pending'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const BUCKETS = ['week', 'month'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** Time-to-first-pledge thresholds, in minutes: 1 hour, 6 hours, 24 hours. */
export const PLEDGE_WITHIN_MINUTES = [60, 360, 1440] as const;

/** The longest range one call may ask for (days): about five years. */
export const MAX_RANGE_DAYS = 1830;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export const RANGE_PRESETS = ['4w', '12w', '12m', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET = '12w' satisfies RangePreset;

/** A preset's days (today in Dhaka included) and the bucket it is drawn in. */
export function rangeOf(preset: Exclude<RangePreset, 'custom'>, now = Date.now()): { from: string; to: string; bucket: Bucket } {
  const to = todayInDhaka(now);
  if (preset === '4w') return { from: addDays(to, -27), to, bucket: 'week' };
  if (preset === '12w') return { from: addDays(to, -83), to, bucket: 'week' };
  // This month and the eleven before it, from the first of the first.
  const first = new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 12, 1));
  return { from: first.toISOString().slice(0, 10), to, bucket: 'month' };
}

/** A custom range is drawn per week up to half a year, per month beyond. */
export const bucketFor = (from: string, to: string): Bucket => ((Date.parse(to) - Date.parse(from)) / 86_400_000 <= 183 ? 'week' : 'month');

/** The share of requests no donor answered, 0..1 (0 without requests). */
export const unansweredShare = (row: { requests: number; unanswered: number }) => (row.requests ? row.unanswered / row.requests : 0);

export const BREAKDOWNS = ['bloodGroup', 'district'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

/**
 * A blood group runs short when it has fewer eligible donors per request than half the site's
 * average: the figure the blood-group chart flags.
 */
export const SHORTAGE_FACTOR = 0.5;
export function isShort(row: { requests: number; eligibleDonors: number }, all: { requests: number; eligibleDonors: number }): boolean {
  if (!row.requests || !all.requests) return false;
  return row.eligibleDonors / row.requests < SHORTAGE_FACTOR * (all.eligibleDonors / all.requests);
}
