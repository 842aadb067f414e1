import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../shared/i18n/model';
import { smsShape } from './segments';
import { SMS_TEXTS } from './sms-texts';

// Every SMS template measured as operators bill it (issue 32): Twilio's segment calculator, which
// smsShape (what the gateway and the budget use) is built on.

describe('SMS texts', () => {
  it.each(LANGS)('the phone code fits one segment in %s', (lang) => {
    const text = SMS_TEXTS[lang].phoneCode('987654');
    expect(new SegmentedMessage(text, 'auto').segmentsCount).toBe(1);
    expect(smsShape(text)).toEqual({ segments: 1, unicode: lang === 'bn' });
    expect(text).toContain('987654');
  });

  it('the rules the budget relies on: 160 GSM characters or 70 UCS-2 in one segment, 153 or 67 when split', () => {
    expect(smsShape('a'.repeat(160))).toEqual({ segments: 1, unicode: false });
    expect(smsShape('a'.repeat(161))).toEqual({ segments: 2, unicode: false });
    expect(smsShape('a'.repeat(306)).segments).toBe(2);
    expect(smsShape('a'.repeat(307)).segments).toBe(3);
    // An extension character takes two septets.
    expect(smsShape('€'.repeat(80)).segments).toBe(1);
    expect(smsShape('€'.repeat(81)).segments).toBe(2);
    expect(smsShape('র'.repeat(70))).toEqual({ segments: 1, unicode: true });
    expect(smsShape('র'.repeat(71)).segments).toBe(2);
    expect(smsShape('র'.repeat(134)).segments).toBe(2);
    expect(smsShape('র'.repeat(135)).segments).toBe(3);
  });
});
