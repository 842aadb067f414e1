import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

describe('formatMoney', () => {
  it('writes taka with its sign and two decimals', () => {
    expect(formatMoney(1850.5, 'bdt')).toBe('৳1,850.50');
    expect(formatMoney(0, 'BDT')).toBe('৳0.00');
  });

  it('still shows an amount in a currency it does not know', () => {
    expect(formatMoney(12, 'zzz')).toMatch(/12/);
  });
});
