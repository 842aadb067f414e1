import { describe, expect, it } from 'vitest';
import { formatNumber, formatYear, pluralForm } from './index';

// formatNumber, formatYear and pluralForm write whole numbers without Intl (its first use is slow
// on a phone): what they write must be what Intl writes.

const samples = [
  ...Array.from({ length: 1200 }, (_, i) => i - 100),
  9_999, 10_000, 99_999, 100_000, 123_456, 999_999, 1_000_000, 1_234_567, 12_345_678, 123_456_789, 1_000_000_000,
  -1_234_567, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER,
  0.5, 1.5, 1234.5678, -0, Number.MAX_SAFE_INTEGER + 2, 1e21, NaN, Infinity,
];

describe.each([
  ['en', 'en-GB'],
  ['bn', 'bn-BD'],
])('%s numbers', (code, locale) => {
  it('are written as Intl.NumberFormat writes them', () => {
    const intl = new Intl.NumberFormat(locale);
    for (const n of samples) expect(formatNumber(n, code), String(n)).toBe(intl.format(n));
  });

  it('years as Intl writes them without grouping', () => {
    const intl = new Intl.NumberFormat(locale, { useGrouping: false });
    for (const year of [1971, 2000, 2026, 12_345, 0, 0.5]) expect(formatYear(year, code)).toBe(intl.format(year));
  });

  it('take the plural form Intl.PluralRules gives', () => {
    const rules = new Intl.PluralRules(locale);
    for (const n of samples.filter((s) => Number.isFinite(s))) expect(pluralForm(n, code), String(n)).toBe(rules.select(n));
  });
});
