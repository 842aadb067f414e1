import { describe, expect, it } from 'vitest';
import { langFromAcceptLanguage, langFromCookie, langFromPreferences } from './model';

describe('choosing a language', () => {
  it('is Bangla only when bn comes before en', () => {
    expect(langFromPreferences(['bn-BD', 'en-US'])).toBe('bn');
    expect(langFromPreferences(['en-US', 'bn'])).toBe('en');
    expect(langFromPreferences(['fr-FR', 'BN'])).toBe('bn');
    expect(langFromPreferences(['fr-FR', 'de'])).toBe('en');
    expect(langFromPreferences([])).toBe('en');
  });

  it('reads Accept-Language by q-value, then by order', () => {
    expect(langFromAcceptLanguage('bn')).toBe('bn');
    expect(langFromAcceptLanguage('en;q=0.5, bn;q=0.9')).toBe('bn');
    expect(langFromAcceptLanguage('bn;q=0.4, en-GB')).toBe('en');
    expect(langFromAcceptLanguage('bn;q=0, en;q=0.1')).toBe('en');
    expect(langFromAcceptLanguage('de, bn-BD;q=0.8, en;q=0.7')).toBe('bn');
    expect(langFromAcceptLanguage(undefined)).toBe('en');
    expect(langFromAcceptLanguage(';;;,q=,')).toBe('en');
  });

  it('reads the choice from the lang cookie only', () => {
    expect(langFromCookie('lang=bn')).toBe('bn');
    expect(langFromCookie('theme=dark; lang=en; x=1')).toBe('en');
    expect(langFromCookie('xlang=bn')).toBeNull();
    expect(langFromCookie('lang=bnx')).toBeNull();
    expect(langFromCookie(undefined)).toBeNull();
  });
});
