import { describe, expect, it } from 'vitest';
import { newReplyCode, parseReply, REPLY_CODE_ALPHABET, type Reply } from './replies';

const accept = (code: string | null): Reply => ({ kind: 'accept', code });
const decline = (code: string | null): Reply => ({ kind: 'decline', code });
const onTheWay = (code: string | null): Reply => ({ kind: 'on_the_way', code });
const arrived = (code: string | null): Reply => ({ kind: 'arrived', code });
const unknown: Reply = { kind: 'unknown' };

describe('parseReply', () => {
  it.each<[string, Reply]>([
    ['1 K7Q2', accept('K7Q2')],
    ['1K7Q2', accept('K7Q2')],
    ['  1   k7q2 ', accept('K7Q2')],
    ['2 K7Q2', decline('K7Q2')],
    ['2k7q2', decline('K7Q2')],
    ['1', accept(null)],
    ['2', decline(null)],
    ['1.', accept(null)],
    ['1 K7Q2!', accept('K7Q2')],
    ['1, K7Q2 thanks', accept('K7Q2')],
    ['1-K7Q2', accept('K7Q2')],
    ['1️⃣', accept(null)],
    ['১ K7Q2', accept('K7Q2')],
    ['১K7Q2', accept('K7Q2')],
    ['২', decline(null)],
    ['২ k7q২', decline('K7Q2')],
    ['yes', accept(null)],
    ['YES K7Q2', accept('K7Q2')],
    ['Yes, I can come', accept(null)],
    ['No', decline(null)],
    ['no k7q2', decline('K7Q2')],
    ['NO I CANT', decline(null)],
    ['হ্যাঁ', accept(null)],
    ['হ্যা', accept(null)],
    ['হ্যাঁ।', accept(null)],
    ['হ্যাঁ, আসছি', accept(null)],
    ['হ্যাঁ K7Q2', accept('K7Q2')],
    ['না', decline(null)],
    ['না!', decline(null)],
    ['না, পারব না', decline(null)],
    ['1 YES', accept(null)],
    ['1 👍', accept(null)],
    // A pledged donor's check-ins (issue 33).
    ['3 K7Q2', onTheWay('K7Q2')],
    ['3k7q2', onTheWay('K7Q2')],
    ['৩ K7Q2', onTheWay('K7Q2')],
    ['3', onTheWay(null)],
    ['4 K7Q2', arrived('K7Q2')],
    ['৪', arrived(null)],
    ['4, K7Q2 here', arrived('K7Q2')],
    ['STOP', { kind: 'stop' }],
    ['stop please', { kind: 'stop' }],
    ['Stop!', { kind: 'stop' }],
    ['UNSUBSCRIBE', { kind: 'stop' }],
    ['বন্ধ', { kind: 'stop' }],
    ['বন্ধ করুন।', { kind: 'stop' }],
    ['START', { kind: 'start' }],
    ['start.', { kind: 'start' }],
    ['চালু', { kind: 'start' }],
    ['চালু করুন', { kind: 'start' }],
    // A code as typed, look-alikes kept: it matches no alert, so the caller sends help.
    ['1 K7O2', accept('K7O2')],
    ['1 sure', accept('SURE')],
    // Numbers that are not an answer.
    ['10', unknown],
    ['12', unknown],
    ['12345', unknown],
    ['5', unknown],
    ['34', unknown],
    ['0', unknown],
    ['১০', unknown],
    // Two answers, or a number after one.
    ['1 2', unknown],
    ['3 4', unknown],
    ['3 K7Q2 4', unknown],
    ['1 K7Q2 2', unknown],
    ['YES NO', unknown],
    ['হ্যাঁ, পারব না', unknown],
    ['1 K7Q2 X8P3', unknown],
    ['NO STOP', unknown],
    // A code of the wrong length is not taken for the latest alert.
    ['1 K7Q', unknown],
    ['1 K7Q22', unknown],
    ['1K7Q', unknown],
    ['K7Q2 1', unknown],
    ['', unknown],
    ['   ', unknown],
    ['👍', unknown],
    ['🩸🩸', unknown],
    ['ok', unknown],
    ['help', unknown],
    ['please stop', unknown],
    ['yesss', unknown],
    ['হ', unknown],
  ])('%j', (text, expected) => {
    expect(parseReply(text)).toEqual(expected);
  });

  it('reads Bangla typed with zero-width joiners', () => {
    expect(parseReply('হ্\u200dযাঁ')).toEqual(accept(null));
  });
});

describe('newReplyCode', () => {
  it('uses the alphabet without look-alikes, a letter first', () => {
    expect(REPLY_CODE_ALPHABET).toBe('23456789ABCDEFGHJKMNPQRSTUVWXYZ');
    expect(REPLY_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(newReplyCode(() => 0)).toBe('A222');
    expect(newReplyCode((max) => max - 1)).toBe('ZZZZ');
  });

  it('makes codes that come back from every way of typing them', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const code = newReplyCode();
      expect(code).toMatch(/^[A-Z][2-9A-Z]{3}$/);
      expect([...code].every((c) => REPLY_CODE_ALPHABET.includes(c))).toBe(true);
      expect(parseReply(`1 ${code}`)).toEqual(accept(code));
      expect(parseReply(`1${code.toLowerCase()}`)).toEqual(accept(code));
      expect(parseReply(`২ ${code}`)).toEqual(decline(code));
      seen.add(code);
    }
    // 23 x 31^3 codes: 500 draws repeat rarely (a broken generator repeats at once).
    expect(seen.size).toBeGreaterThan(490);
  });
});
