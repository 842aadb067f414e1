import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutreachProgress } from '../../../shared/outreach/schemas';
import { lang } from '../../i18n';
import { outreachText } from '../texts';
import { answersText, nextWaveText, type OutreachWords, outreachSentences, toldText } from './outreach-text';

const progress = (overrides: Partial<OutreachProgress> = {}): OutreachProgress => ({
  notified: 20,
  bySms: 0,
  accepted: 0,
  declined: 0,
  pledged: 0,
  unitsNeeded: 2,
  waves: 1,
  area: 'upazila',
  farthestDistrict: null,
  nextWaveAt: null,
  ...overrides,
});

const SAVAR = { upazila: 'Savar', district: 'Dhaka', farthest: null };
// 12:16 UTC is 6:16 pm in Dhaka; "now" is earlier the same day there.
const NOW = new Date('2026-03-05T11:00:00.000Z');
const AT_6_16_PM = '2026-03-05T12:16:00.000Z';

// The English words (the base language needs no catalogue).
const en = outreachText.get();

describe('the search progress in English', () => {
  it("reads as the issue's example", () => {
    expect(outreachSentences(progress({ nextWaveAt: AT_6_16_PM }), SAVAR, en, 'en', true, NOW).join(' ')).toBe(
      'We told 20 donors near Savar. Nobody has answered yet. We will tell more donors at 6:16 pm.',
    );
  });

  it('says where the donors were told, as the search widens', () => {
    expect(toldText(progress({ notified: 1 }), SAVAR, en)).toBe('We told 1 donor near Savar.');
    expect(toldText(progress({ area: 'district' }), SAVAR, en)).toBe('We told 20 donors in Dhaka district.');
    expect(toldText(progress({ area: 'nearby' }), SAVAR, en)).toBe('We told 20 donors in Dhaka and nearby districts.');
    expect(toldText(progress({ area: 'nearby' }), { ...SAVAR, farthest: 'Manikganj' }, en)).toBe(
      'We told 20 donors in Dhaka and nearby districts, as far as Manikganj.',
    );
    expect(toldText(progress({ area: 'far' }), { ...SAVAR, farthest: 'Sylhet' }, en)).toBe(
      'We told 20 donors in Dhaka and districts farther away, as far as Sylhet.',
    );
    expect(toldText(progress({ area: 'far' }), SAVAR, en)).toBe('We told 20 donors in Dhaka and districts farther away.');
  });

  it('says so when nobody was told yet', () => {
    expect(toldText(progress({ waves: 0, notified: 0, area: 'none' }), SAVAR, en)).toBe('We have not told any donors yet.');
    expect(toldText(progress({ notified: 0 }), SAVAR, en)).toBe('We have not found a donor to tell yet.');
    expect(answersText(progress({ notified: 0 }), en)).toEqual([]);
  });

  it('tells who answered and how many bags are promised', () => {
    expect(answersText(progress({ accepted: 1, declined: 3, pledged: 1 }), en)).toEqual([
      '1 donor said yes.',
      '3 donors cannot donate this time.',
      'Donors have promised 1 of the 2 bags you need.',
    ]);
    expect(answersText(progress({ accepted: 2, pledged: 2 }), en)).toEqual(['2 donors said yes.', 'Donors have promised all 2 bags you need.']);
    expect(answersText(progress({ declined: 1, unitsNeeded: 1 }), en)).toEqual(['1 donor cannot donate this time.']);
    // A pledge through the request's page, without an alert answered.
    expect(answersText(progress({ pledged: 1, unitsNeeded: 1 }), en)).toEqual(['A donor has promised the bag you need.']);
  });

  it('gives the next wave on a 12-hour clock, in Bangladesh time, tomorrow when it is', () => {
    expect(nextWaveText(progress({ nextWaveAt: AT_6_16_PM }), en, 'en', NOW)).toBe('We will tell more donors at 6:16 pm.');
    // 01:00 UTC on the 6th is 7:00 am on the 6th in Dhaka.
    expect(nextWaveText(progress({ nextWaveAt: '2026-03-06T01:00:00.000Z' }), en, 'en', NOW)).toBe('We will tell more donors tomorrow at 7:00 am.');
    expect(nextWaveText(progress({ waves: 0, nextWaveAt: AT_6_16_PM }), en, 'en', NOW)).toBe('We will start telling donors at 6:16 pm.');
    expect(nextWaveText(progress({ nextWaveAt: null }), en, 'en', NOW)).toBeNull();
    expect(nextWaveText(progress({ nextWaveAt: 'not a date' }), en, 'en', NOW)).toBeNull();
  });

  it('says nothing of a next wave once the request stops looking, or every bag is promised', () => {
    const waiting = progress({ nextWaveAt: AT_6_16_PM });
    expect(outreachSentences(waiting, SAVAR, en, 'en', false, NOW)).toEqual(['We told 20 donors near Savar.', 'Nobody has answered yet.']);
    expect(outreachSentences({ ...waiting, pledged: 2 }, SAVAR, en, 'en', true, NOW).at(-1)).toBe('Donors have promised all 2 bags you need.');
  });

  it('says how many of the donors told were reached by SMS, when any were (issue 32)', () => {
    expect(outreachSentences(progress({ bySms: 12 }), SAVAR, en, 'en', false, NOW)).toEqual(['We told 20 donors near Savar.', 'By text message (SMS): 12.', 'Nobody has answered yet.']);
  });
});

describe('the search progress in Bangla', () => {
  let bn: OutreachWords;
  let stop: () => void;
  beforeAll(async () => {
    lang.set('bn');
    stop = outreachText.listen(() => {});
    // The Bangla catalogue loads on first use.
    await vi.waitFor(() => {
      if (outreachText.get().noAnswer === en.noAnswer) throw new Error('still English');
    });
    bn = outreachText.get();
  });
  afterAll(() => {
    stop();
    lang.set('en');
  });

  it('reads the same news in Bangla, with Bangla digits and the part of the day', () => {
    const savar = { upazila: 'সাভার', district: 'ঢাকা', farthest: null };
    expect(outreachSentences(progress({ nextWaveAt: AT_6_16_PM }), savar, bn, 'bn', true, NOW).join(' ')).toBe(
      'সাভার এলাকার ২০ জন রক্তদাতাকে জানানো হয়েছে। এখনো কেউ সাড়া দেননি। সন্ধ্যা ৬:১৬-এ আরও রক্তদাতাকে জানানো হবে।',
    );
    expect(outreachSentences(progress({ bySms: 12 }), savar, bn, 'bn', false, NOW)[1]).toBe('এসএমএসে জানানো হয়েছে ১২ জনকে।');
    expect(toldText(progress({ area: 'nearby' }), { ...savar, farthest: 'মানিকগঞ্জ' }, bn)).toBe(
      'ঢাকা থেকে মানিকগঞ্জ পর্যন্ত আশপাশের জেলার ২০ জন রক্তদাতাকে জানানো হয়েছে।',
    );
    expect(answersText(progress({ accepted: 1, declined: 2, pledged: 1 }), bn)).toEqual([
      '১ জন রক্তদাতা রাজি হয়েছেন।',
      '২ জন এবার রক্ত দিতে পারবেন না।',
      'প্রয়োজনীয় ২ ব্যাগের মধ্যে ১ ব্যাগের অঙ্গীকার পাওয়া গেছে।',
    ]);
    expect(nextWaveText(progress({ nextWaveAt: '2026-03-06T01:00:00.000Z' }), bn, 'bn', NOW)).toBe('আগামীকাল সকাল ৭:০০-এ আরও রক্তদাতাকে জানানো হবে।');
  });
});
