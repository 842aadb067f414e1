import { describe, expect, it } from 'vitest';
import { DONATION_INTERVAL_DAYS, isEligibleOn, nextEligibleDate } from './eligibility-rules';

describe('the interval after a donation', () => {
  it('is 120 days after whole blood or red cells (Bangladesh), 7 after platelets, 28 after plasma', () => {
    expect(DONATION_INTERVAL_DAYS).toEqual({ whole_blood: 120, red_cells: 120, platelets: 7, plasma: 28 });
    expect(nextEligibleDate('2026-01-01', 'whole_blood')).toBe('2026-05-01');
    expect(nextEligibleDate('2026-01-01', 'platelets')).toBe('2026-01-08');
    expect(nextEligibleDate('2026-01-01', 'plasma')).toBe('2026-01-29');
  });

  it('makes a donor eligible on the boundary day, not the day before', () => {
    expect(isEligibleOn('2026-05-01', '2026-01-01', 'whole_blood')).toBe(true);
    expect(isEligibleOn('2026-04-30', '2026-01-01', 'whole_blood')).toBe(false);
  });

  it('counts an unknown component as whole blood, and never donated as eligible now', () => {
    expect(nextEligibleDate('2026-01-01', null)).toBe('2026-05-01');
    expect(nextEligibleDate(null, 'plasma')).toBeNull();
    expect(isEligibleOn('2000-01-01', null, null)).toBe(true);
  });

  it('counts calendar days across a leap day, and takes overrides', () => {
    expect(nextEligibleDate('2028-02-01', 'plasma')).toBe('2028-02-29');
    expect(nextEligibleDate('2026-01-01', 'whole_blood', { ...DONATION_INTERVAL_DAYS, whole_blood: 90 })).toBe('2026-04-01');
  });
});
