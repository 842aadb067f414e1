import { describe, expect, it } from 'vitest';
import { type DayCount, pageStart, pendingCounts, totalOf } from './pending-counts';

const rows: DayCount[] = [
  { day: '2026-11-26', urgency: 'normal', n: 2 },
  { day: '2026-11-24', urgency: 'critical', n: 1 },
  { day: '2026-11-24', urgency: 'normal', n: 3 },
  { day: '2026-11-25', urgency: 'urgent', n: 0 },
  { day: '2026-11-26', urgency: 'urgent', n: 4 },
  // Today's part of the query can name a day and urgency the counters name too.
  { day: '2026-11-24', urgency: 'normal', n: 1 },
];

/** The list written out, one entry per request, soonest first (the order within a day does not matter here). */
function expand(list: readonly DayCount[], urgency?: string): string[] {
  return [...list].filter((c) => !urgency || c.urgency === urgency).sort((a, b) => a.day.localeCompare(b.day)).flatMap((c) => Array.from({ length: c.n }, () => c.day));
}

describe('the public list counts', () => {
  const list = pendingCounts(rows);

  it('adds up repeats, drops empty days, and sorts by day', () => {
    expect(list.map((c) => [c.day, c.urgency, c.n])).toEqual([
      ['2026-11-24', 'critical', 1],
      ['2026-11-24', 'normal', 4],
      ['2026-11-26', 'normal', 2],
      ['2026-11-26', 'urgent', 4],
    ]);
    expect(totalOf(list, undefined)).toBe(11);
    expect(totalOf(list, 'normal')).toBe(6);
    expect(totalOf(list, 'urgent')).toBe(4);
  });

  it("starts every page at the day that holds its first request, skipping only that day's earlier ones", () => {
    for (const urgency of [undefined, 'normal', 'urgent', 'critical'] as const) {
      const days = expand(rows, urgency);
      for (let offset = 0; offset < days.length + 3; offset += 1) {
        const start = pageStart(list, urgency, offset);
        if (offset >= days.length) {
          expect(start, `${urgency} ${offset}`).toBeNull();
          continue;
        }
        expect(start?.from, `${urgency} ${offset}`).toBe(days[offset]);
        expect(start?.skip, `${urgency} ${offset}`).toBe(offset - days.indexOf(days[offset]!));
      }
    }
    expect(pageStart([], undefined, 0)).toBeNull();
  });
});
