// Insight (issue 18): the admin home's outcomes, periods, ranges and texts. Constants only (no
// zod), so the pages that offer an export and the charts read them without the schema library;
// insight.ts holds the schemas.
import { todayInDhaka } from './calendar-rules';
/** How a request ended, as the charts stack it: "expired" is pending with its time passed. */
export const OUTCOMES = ['done', 'inprogress', 'canceled', 'expired', 'pending'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const BUCKETS = ['week', 'month'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** Time-to-first-pledge thresholds, in minutes: 1 hour, 6 hours, 24 hours. */
export const PLEDGE_WITHIN_MINUTES = [60, 360, 1440] as const;

/** The longest range one call may ask for (days): about five years. */
export const MAX_RANGE_DAYS = 1830;

export const INSIGHT_TEXTS = {
  heading: 'Insight',
  loading: 'Loading the charts',
  failed: 'The charts could not be loaded.',
  retry: 'Try again',
  range: 'Range',
  from: 'From',
  to: 'To',
  apply: 'Apply',
  bloodGroup: 'Blood group',
  division: 'Division',
  any: 'Any',
  presets: { '4w': 'Last 4 weeks', '12w': 'Last 12 weeks', '12m': 'Last 12 months', custom: 'Custom' },
  badRange: 'Choose a start date on or before the end date.',
  outcomes: { done: 'Done', inprogress: 'In progress', canceled: 'Canceled', expired: 'Expired', pending: 'Still pending' } satisfies Record<Outcome, string>,
  requestsTitle: 'Requests over time',
  requestsCaption: 'Donation requests created per period, by how they stand now',
  pledgeTitle: 'Time to first pledge',
  pledgeCaption: 'Median and 90th percentile of the time from a request to its first pledge',
  median: 'Median',
  p90: '90th percentile',
  hours: 'hours',
  within: (label: string) => `Pledged within ${label}`,
  withinLabels: { 60: '1 hour', 360: '6 hours', 1440: '24 hours' } satisfies Record<(typeof PLEDGE_WITHIN_MINUTES)[number], string>,
  groupsTitle: 'Blood groups',
  groupsCaption: 'Requests per blood group next to the active donors who can give today',
  requests: 'Requests',
  unanswered: 'Unanswered',
  eligibleDonors: 'Eligible donors',
  donorsPerRequest: 'Donors per request',
  shortage: 'Short',
  mapTitle: 'Where blood is needed',
  mapCaption: 'One mark per district: its size is the number of requests, its colour the share no donor answered',
  mapHint: 'Hover, tap or focus a mark for its figures.',
  district: 'District',
  unansweredShare: 'Unanswered share',
  noRequests: 'No requests in this range.',
  showTable: 'Show as a table',
  period: 'Period starting',
  total: 'Total',
  none: '—',
  exportCsv: 'Download CSV',
  /** A district's figures, read out for its mark on the map. */
  districtFigures: (name: string, requests: string, unanswered: string, share: string | null, donors: string) =>
    `${name}: ${requests} ${requests === '1' ? 'request' : 'requests'}, ${unanswered} unanswered${share ? ` (${share})` : ''}, ${donors} eligible ${donors === '1' ? 'donor' : 'donors'}`,
} as const;

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
