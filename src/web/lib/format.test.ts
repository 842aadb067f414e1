import { describe, expect, it } from 'vitest';
import { formatMoney, formatPhone } from './format';

describe('formatMoney', () => {
  it('writes taka with its sign and two decimals', () => {
    expect(formatMoney(1850.5, 'bdt')).toBe('৳1,850.50');
    expect(formatMoney(0, 'BDT')).toBe('৳0.00');
  });

  it('still shows an amount in a currency it does not know', () => {
    expect(formatMoney(12, 'zzz')).toMatch(/12/);
  });
});

describe('formatPhone', () => {
  it('groups a stored Bangladesh mobile number', () => {
    expect(formatPhone('+8801712345678')).toBe('+880 1712-345678');
  });

  it('leaves anything else as it is', () => {
    expect(formatPhone('01712345678')).toBe('01712345678');
    expect(formatPhone('')).toBe('');
  });
});
