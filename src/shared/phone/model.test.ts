import { describe, expect, it } from 'vitest';
import { asciiDigits, normalizePhone } from './model';
import { PHONE_MESSAGES } from './texts';
import { phoneInputSchema } from './schemas';

describe('normalizePhone (the one phone rule of the server and the forms)', () => {
  it.each([
    ['01712345678', '+8801712345678'],
    ['01712-345678', '+8801712345678'],
    ['+880 1712 345678', '+8801712345678'],
    ['8801712345678', '+8801712345678'],
    ['008801712345678', '+8801712345678'],
    ['(017) 1234.5678', '+8801712345678'],
    // Bangla digits, alone or mixed with ASCII ones, with every leading form.
    ['০১৭১২৩৪৫৬৭৮', '+8801712345678'],
    ['০১৯৮৭-৬৫৪৩২১', '+8801987654321'],
    ['+৮৮০ ১৭১২ ৩৪৫৬৭৮', '+8801712345678'],
    ['৮৮০১৩০০০০০০০০', '+8801300000000'],
    ['০১৭12৩৪5678', '+8801712345678'],
  ])('%s is %s', (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored);
  });

  it.each([
    ['too short', '0171234567'],
    ['too long', '017123456789'],
    ['no operator 012', '01212345678'],
    ['a landline', '0296655443'],
    ['another country', '+447700900123'],
    ['Bangla, too short', '০১৭১২৩৪৫৬৭'],
    ['Bangla, operator ০১২', '০১২১২৩৪৫৬৭৮'],
    ['+ twice', '++8801712345678'],
    ['88 without the 0', '881712345678'],
    ['Devanagari digits', '०१७१२३४५६७८'],
    ['letters', '01712abc678'],
    ['empty', ''],
  ])('refuses %s (%s)', (_name, typed) => {
    expect(normalizePhone(typed)).toBeNull();
  });

  it('turns only Bangla digits into ASCII ones', () => {
    expect(asciiDigits('০১২৩৪৫৬৭৮৯ ab-+')).toBe('0123456789 ab-+');
  });
});

describe('phoneInputSchema', () => {
  it('stores the normal form, and clears with empty or null', () => {
    expect(phoneInputSchema.parse('০১৭১২-৩৪৫৬৭৮')).toBe('+8801712345678');
    expect(phoneInputSchema.parse('')).toBeNull();
    expect(phoneInputSchema.parse(null)).toBeNull();
  });

  it.each([['০১২৩'], ['x'.repeat(31)], [12345678901]])('refuses %s with the one phone message', (input) => {
    const result = phoneInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PHONE_MESSAGES.invalid);
  });
});
