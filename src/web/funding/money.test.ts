import { describe, expect, it } from 'vitest';
import { formatDateIn, formatMoneyIn } from './money';

describe('money and dates in the language', () => {
  it('keeps English as the shared format', () => {
    expect(formatMoneyIn(1850.5, 'bdt', 'en')).toBe('৳1,850.50');
    expect(formatDateIn('2026-03-05T10:00:00Z', 'en')).toBe('5 Mar 2026');
  });

  it('writes Bangla digits with the taka sign first', () => {
    expect(formatMoneyIn(1850.5, 'bdt', 'bn')).toBe('৳১,৮৫০.৫০');
    expect(formatMoneyIn(100000, 'BDT', 'bn')).toBe('৳১,০০,০০০.০০');
    expect(formatDateIn('2026-03-05T10:00:00Z', 'bn')).toMatch(/^৫ .+ ২০২৬$/);
  });
});
