import { describe, expect, it } from 'vitest';
import { bucketFor, isShort, rangeOf, unansweredShare } from './model';

// 2026-03-01 02:00 in Dhaka is still 2026-02-28 in UTC: presets count Dhaka days.
const now = Date.parse('2026-02-28T20:00:00Z');

describe('the range presets', () => {
  it('end today in Dhaka and reach back 4 weeks, 12 weeks or this month and the eleven before it', () => {
    expect(rangeOf('4w', now)).toEqual({ from: '2026-02-02', to: '2026-03-01', bucket: 'week' });
    expect(rangeOf('12w', now)).toEqual({ from: '2025-12-08', to: '2026-03-01', bucket: 'week' });
    expect(rangeOf('12m', now)).toEqual({ from: '2025-04-01', to: '2026-03-01', bucket: 'month' });
    expect(rangeOf('12m', Date.parse('2026-12-31T12:00:00Z'))).toEqual({ from: '2026-01-01', to: '2026-12-31', bucket: 'month' });
  });

  it('draw a custom range per week up to half a year, per month beyond', () => {
    expect(bucketFor('2026-01-01', '2026-07-03')).toBe('week');
    expect(bucketFor('2026-01-01', '2026-07-04')).toBe('month');
  });
});

describe('the shortage and unanswered rules', () => {
  it('flags a group with under half the site-wide donors per request', () => {
    const all = { requests: 100, eligibleDonors: 1000 }; // 10 per request
    expect(isShort({ requests: 10, eligibleDonors: 49 }, all)).toBe(true);
    expect(isShort({ requests: 10, eligibleDonors: 50 }, all)).toBe(false);
    expect(isShort({ requests: 0, eligibleDonors: 0 }, all)).toBe(false);
  });

  it('is the share of requests nobody answered, 0 without requests', () => {
    expect(unansweredShare({ requests: 4, unanswered: 1 })).toBe(0.25);
    expect(unansweredShare({ requests: 0, unanswered: 0 })).toBe(0);
  });
});
