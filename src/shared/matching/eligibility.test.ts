import { describe, expect, it } from 'vitest';
import { BLOOD_COMPONENTS, type BloodComponent, DONATION_INTERVAL_DAYS, INTERVAL_ENV_VARS, isEligibleOn, nextEligibleDate } from './model';

describe('the interval after a donation', () => {
  it('is 120 days after whole blood or red cells (Bangladesh), 7 after platelets, 28 after plasma', () => {
    expect(DONATION_INTERVAL_DAYS).toEqual({ whole_blood: 120, red_cells: 120, platelets: 7, plasma: 28 });
  });

  it.each([
    ['whole_blood', '2026-05-01', '2026-04-30'],
    ['red_cells', '2026-05-01', '2026-04-30'],
    ['platelets', '2026-01-08', '2026-01-07'],
    ['plasma', '2026-01-29', '2026-01-28'],
  ] as const)('after %s on 2026-01-01: eligible from %s, not on %s', (component, boundary, dayBefore) => {
    expect(nextEligibleDate('2026-01-01', component)).toBe(boundary);
    expect(isEligibleOn(boundary, '2026-01-01', component)).toBe(true);
    expect(isEligibleOn(dayBefore, '2026-01-01', component)).toBe(false);
    expect(isEligibleOn('2027-01-01', '2026-01-01', component)).toBe(true);
    expect(isEligibleOn('2026-01-01', '2026-01-01', component)).toBe(false);
  });

  it('makes a donor who never gave (or whose date is unknown) eligible now', () => {
    expect(nextEligibleDate(null, 'plasma')).toBeNull();
    expect(nextEligibleDate(null, null)).toBeNull();
    expect(isEligibleOn('2000-01-01', null, null)).toBe(true);
  });

  it('counts an unknown last component as whole blood, the longest wait', () => {
    expect(nextEligibleDate('2026-01-01', null)).toBe('2026-05-01');
    expect(nextEligibleDate('2026-01-01', 'double_red_cells' as BloodComponent)).toBe('2026-05-01');
    expect(isEligibleOn('2026-04-30', '2026-01-01', null)).toBe(false);
  });

  it('counts calendar days across a leap day and a year end', () => {
    expect(nextEligibleDate('2028-02-01', 'plasma')).toBe('2028-02-29');
    expect(nextEligibleDate('2028-02-22', 'platelets')).toBe('2028-02-29');
    expect(nextEligibleDate('2027-02-22', 'platelets')).toBe('2027-03-01');
    // 2027-12-01 + 120 days: 31 (Dec) + 31 (Jan) + 29 (Feb 2028) + 29 = 2028-03-30.
    expect(nextEligibleDate('2027-12-01', 'whole_blood')).toBe('2028-03-30');
    expect(nextEligibleDate('2026-12-01', 'whole_blood')).toBe('2027-03-31');
    expect(isEligibleOn('2028-03-29', '2027-12-01', 'whole_blood')).toBe(false);
  });

  it('takes overrides, per component', () => {
    const intervals = { ...DONATION_INTERVAL_DAYS, whole_blood: 90, platelets: 14 };
    expect(nextEligibleDate('2026-01-01', 'whole_blood', intervals)).toBe('2026-04-01');
    expect(nextEligibleDate('2026-01-01', null, intervals)).toBe('2026-04-01');
    expect(nextEligibleDate('2026-01-01', 'platelets', intervals)).toBe('2026-01-15');
    expect(nextEligibleDate('2026-01-01', 'plasma', intervals)).toBe('2026-01-29');
    expect(isEligibleOn('2026-01-14', '2026-01-01', 'platelets', intervals)).toBe(false);
    expect(isEligibleOn('2026-01-15', '2026-01-01', 'platelets', intervals)).toBe(true);
    expect(isEligibleOn('2026-01-01', '2026-01-01', 'plasma', { ...intervals, plasma: 0 })).toBe(true);
  });

  it('names one environment variable per component', () => {
    expect(Object.keys(INTERVAL_ENV_VARS).sort()).toEqual([...BLOOD_COMPONENTS].sort());
    expect(INTERVAL_ENV_VARS).toEqual({
      whole_blood: 'DONATION_INTERVAL_WHOLE_BLOOD_DAYS',
      red_cells: 'DONATION_INTERVAL_RED_CELLS_DAYS',
      platelets: 'DONATION_INTERVAL_PLATELETS_DAYS',
      plasma: 'DONATION_INTERVAL_PLASMA_DAYS',
    });
  });
});
