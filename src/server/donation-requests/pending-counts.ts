import type { Urgency } from '../../shared/donation-requests/model';

/** How many requests of one urgency the public list holds on one day. */
export interface DayCount {
  day: string;
  urgency: Urgency;
  n: number;
}

/** The public list's counts by day (soonest first) and urgency: the counters of decision 054, and today's rows. */
export type PendingCounts = readonly DayCount[];

/** Sorts the counts by day and adds up a day's and urgency's repeats (the query's two parts may both name one). */
export function pendingCounts(rows: readonly DayCount[]): PendingCounts {
  const byKey = new Map<string, DayCount>();
  for (const r of rows) {
    const key = `${r.day}:${r.urgency}`;
    const seen = byKey.get(key);
    if (seen) seen.n += r.n;
    else byKey.set(key, { ...r });
  }
  return [...byKey.values()].filter((c) => c.n > 0).sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

const counts = (c: DayCount, urgency: Urgency | undefined) => urgency === undefined || c.urgency === urgency;

/** The list's total, for one urgency or all. */
export function totalOf(list: PendingCounts, urgency: Urgency | undefined): number {
  let total = 0;
  for (const c of list) if (counts(c, urgency)) total += c.n;
  return total;
}

/**
 * Where a page at `offset` starts: the day whose requests hold that position, and how many of that
 * day's to skip. The page query then starts at that day, so a deep page skips a few rows instead of
 * every row before it. Null when the offset is past the end.
 */
export function pageStart(list: PendingCounts, urgency: Urgency | undefined, offset: number): { from: string; skip: number } | null {
  let before = 0;
  let day: string | undefined;
  let ofDay = 0;
  for (const c of list) {
    if (!counts(c, urgency)) continue;
    if (c.day !== day) {
      if (day !== undefined && offset < before + ofDay) return { from: day, skip: offset - before };
      before += ofDay;
      day = c.day;
      ofDay = 0;
    }
    ofDay += c.n;
  }
  if (day !== undefined && offset < before + ofDay) return { from: day, skip: offset - before };
  return null;
}
