import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { URGENCIES } from '../../shared/donation-requests/model';
import { LANGS, type Lang } from '../../shared/i18n/model';
import { BLOOD_COMPONENTS, BLOOD_GROUPS } from '../../shared/matching/model';
import districtsFile from '../db/data/bd-geo/districts.json' with { type: 'json' };
import upazilasFile from '../db/data/bd-geo/upazilas.json' with { type: 'json' };
import metroThanasFile from '../db/data/metro-thanas/metro-thanas.json' with { type: 'json' };
import { ELLIPSIS, dialable, fitToSegments, shorten, smsDay, smsLine, smsTime } from './alert-sms';
import { smsShape } from './segments';
import { SMS_TEXTS, type SmsAlert } from './sms-texts';

// Every SMS template measured as operators bill it (issue 32), with the longest names it can
// meet: an alert 1 segment in English (GSM) and 2 in Bangla (UCS-2), never its code or link cut.

type Place = { name: string; bn_name: string };
const tableOf = (file: unknown) => (file as { type: string; data?: Place[] }[]).find((t) => t.type === 'table')!.data!;
const upazilas: Place[] = [...tableOf(upazilasFile), ...(metroThanasFile as Place[])];
const districts: Place[] = tableOf(districtsFile);

/** The `n` longest names (UTF-16 units: what UCS-2 counts; GSM counts the same for ASCII). */
const longest = (places: Place[], key: keyof Place, n: number) => [...new Set(places.map((p) => p[key]))].sort((a, b) => b.length - a.length).slice(0, n);

const LONG_UPAZILAS: Record<Lang, string[]> = { en: longest(upazilas, 'name', 3), bn: longest(upazilas, 'bn_name', 3) };
const LONG_DISTRICTS: Record<Lang, string[]> = { en: longest(districts, 'name', 2), bn: longest(districts, 'bn_name', 2) };

const MADE_UP = 'The Very Long Name of a Specialised General Hospital, Diagnostic Centre and Blood Bank of the Greater Dhaka District Area';
// Real names: BSMMU, NICVD and Shaheed Suhrawardy are among the longest Bangladesh has.
const HOSPITALS: Record<Lang, string[]> = {
  en: [
    'Shaheed Suhrawardy Medical College and Hospital',
    'Bangabandhu Sheikh Mujib Medical University Hospital',
    'National Institute of Cardiovascular Diseases and Hospital',
    MADE_UP,
  ],
  // A requester may type the hospital in English even for a Bangla reader.
  bn: [
    'শহীদ সোহরাওয়ার্দী মেডিকেল কলেজ ও হাসপাতাল',
    'বঙ্গবন্ধু শেখ মুজিব মেডিকেল বিশ্ববিদ্যালয় হাসপাতাল',
    'জাতীয় হৃদরোগ ইনস্টিটিউট ও হাসপাতাল',
    'National Institute of Cardiovascular Diseases and Hospital',
    MADE_UP,
  ],
};

const LINK = 'https://blood.example.org/r/Ab3dE9xQ';
const LIMIT: Record<Lang, number> = { en: 1, bn: 2 };

/** One date for every weekday in every month, each with a two-digit day. */
const ALL_DAYS = Array.from({ length: 12 * 7 }, (_, i) => {
  const d = new Date(Date.UTC(2026, Math.floor(i / 7), 10));
  while (d.getUTCDay() !== i % 7) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
});
/** Of those, the ones that read longest in each language (the rest only leave more room). */
const maxBy = (days: string[], lang: Lang) => {
  const most = Math.max(...days.map((d) => smsDay(d, lang).length));
  return days.filter((d) => smsDay(d, lang).length === most);
};
// English names are all three letters: twelve days still show every weekday and month.
const DAYS: Record<Lang, string[]> = { en: maxBy(ALL_DAYS, 'en').filter((_, i) => i % 7 === Math.floor(i / 7) % 7), bn: maxBy(ALL_DAYS, 'bn') };

const base: SmsAlert = {
  bloodGroup: 'B+',
  component: 'whole_blood',
  units: 2,
  hospital: 'DMCH',
  upazila: 'Shahbag',
  day: '2026-03-05',
  time: '10:00',
  urgency: 'normal',
  replyCode: 'K7Q2',
  link: LINK,
};
const heaviest: Partial<SmsAlert> = { bloodGroup: 'AB-', component: 'red_cells', units: 10, urgency: 'critical', time: '23:45' };

/** The measure both ways: smsShape (what the gateway and budget use) and the package itself. */
function segments(text: string): number {
  const direct = new SegmentedMessage(text, 'auto');
  expect(smsShape(text)).toEqual({ segments: direct.segmentsCount, unicode: direct.encodingName === 'UCS-2' });
  return direct.segmentsCount;
}

const worst = new Map<string, number>();
function measure(name: string, lang: Lang, text: string, limit: number): void {
  const n = segments(text);
  expect(n, text).toBeLessThanOrEqual(limit);
  if (lang === 'en') expect(/^[\x20-\x7e]*$/.test(text), text).toBe(true);
  const key = `${name} ${lang}`;
  worst.set(key, Math.max(worst.get(key) ?? 0, n));
}

function expectIntact(a: SmsAlert, text: string): void {
  expect(text).toContain(`1 ${a.replyCode}`);
  expect(text).toContain(`2 ${a.replyCode}`);
  expect(text.endsWith(` ${a.link}`)).toBe(true);
}

describe('the longest real names', () => {
  it('are the ones the data holds (upazilas and metro thanas, districts)', () => {
    expect(LONG_UPAZILAS.en[0]).toBe('Chapainawabganj Sadar');
    // The data writes ড় and য় as one code point each (as UCS-2 sends them); compared decomposed.
    const nfd = (names: string[]) => names.map((n) => n.normalize('NFD'));
    expect(nfd(LONG_UPAZILAS.bn)).toEqual(expect.arrayContaining(nfd(['ব্রাহ্মণবাড়িয়া সদর', 'চাঁপাইনবাবগঞ্জ সদর'])));
    expect(LONG_UPAZILAS.bn[0]).toHaveLength(18);
    expect(LONG_DISTRICTS.en[0]).toBe('Chapainawabganj');
    expect(nfd(LONG_DISTRICTS.bn.slice(0, 1))).toEqual(nfd(['ব্রাহ্মণবাড়িয়া']));
  });
});

describe.each(LANGS)('the alert in %s', (lang) => {
  const alert = SMS_TEXTS[lang].alert;
  const places = [...LONG_UPAZILAS[lang], ...LONG_DISTRICTS[lang]];

  it('fits its limit for every group, component, units 1 to 10 and urgency, with the longest names', () => {
    for (const bloodGroup of BLOOD_GROUPS)
      for (const component of BLOOD_COMPONENTS)
        for (let units = 1; units <= 10; units++)
          for (const urgency of URGENCIES) {
            const a = { ...base, bloodGroup, component, units, urgency, hospital: HOSPITALS[lang][0]!, upazila: places[0]! };
            const text = alert(a);
            measure('alert', lang, text, LIMIT[lang]);
            expectIntact(a, text);
            expect(text).toContain(bloodGroup);
          }
  });

  it('fits with every long hospital and place on every weekday and month, for the heaviest request', () => {
    for (const hospital of HOSPITALS[lang])
      for (const upazila of places)
        for (const day of DAYS[lang]) {
          const a = { ...base, ...heaviest, hospital, upazila, day };
          const text = alert(a);
          measure('alert', lang, text, LIMIT[lang]);
          expectIntact(a, text);
          // The hospital is shortened, never dropped: its start is always there (in the worst
          // Bangla case, a critical 10-bag red cells request on a Tuesday, only its first letter).
          expect(text).toContain(shorten(hospital, lang === 'en' ? 16 : 1).slice(0, -ELLIPSIS.length));
        }
  });

  it('cuts nothing when it fits', () => {
    for (const urgency of URGENCIES) {
      const text = alert({ ...base, urgency });
      expect(text).toContain('DMCH, Shahbag,');
      expect(text).not.toContain(ELLIPSIS);
    }
    // Long but not too long: both names whole, nothing marked as cut.
    const roomy = lang === 'en' ? { hospital: 'Dhaka Medical College', upazila: LONG_UPAZILAS.en[0]! } : { hospital: 'ঢাকা মেডিকেল', upazila: 'কোতোয়ালী' };
    const text = alert({ ...base, ...roomy });
    expect(text).toContain(`${roomy.hospital}, ${roomy.upazila},`);
    expect(text).not.toContain(ELLIPSIS);
    // One grapheme more and it would not fit: the fit is tight, so the test above means something.
    expect(segments(alert({ ...base, hospital: `${roomy.hospital}${lang === 'en' ? ' Hospital' : ' কলেজ হাসপাতাল'}`, upazila: roomy.upazila }))).toBe(LIMIT[lang]);
  });

  it('shortens the 120-character hospital with a GSM ellipsis', () => {
    const text = alert({ ...base, ...heaviest, hospital: MADE_UP });
    expect(text).toContain(lang === 'en' ? 'at The Very Long Name' : ', The V');
    expect(text).toMatch(/[a-zA-Z]\.\., /);
    expect(text).not.toContain(MADE_UP);
    expect(text).not.toContain('…');
    expect(segments(text)).toBe(LIMIT[lang]);
  });
});

describe('the alert words', () => {
  it('says what, where, when and how to answer', () => {
    expect(SMS_TEXTS.en.alert(base)).toBe('B+ blood, 2 units, at DMCH, Shahbag, Thu 5 Mar 10:00. Reply 1 K7Q2 to give, 2 K7Q2 if not. ' + LINK);
    expect(SMS_TEXTS.en.alert({ ...base, component: 'platelets', units: 1, urgency: 'critical' })).toMatch(/^CRITICAL: B\+ platelets, 1 unit, at/);
    expect(SMS_TEXTS.bn.alert(base)).toBe(`২ ব্যাগ B+ রক্ত, DMCH, Shahbag, বৃহঃ ৫ মার্চ ১০:০০। উত্তর: 1 K7Q2 হ্যাঁ, 2 K7Q2 না। ${LINK}`);
    expect(SMS_TEXTS.bn.alert({ ...base, component: 'plasma', urgency: 'urgent' })).toMatch(/^জরুরি: ২ ব্যাগ B\+ প্লাজমা, /);
  });

  it('keeps an English alert GSM when names carry typography', () => {
    const text = SMS_TEXTS.en.alert({ ...base, hospital: 'St. Mary’s – “Care”', upazila: 'Sher‑e‑Bangla\nNagar' });
    expect(smsShape(text)).toEqual({ segments: 1, unicode: false });
    expect(text).toContain(`St. Mary's - "Care", Sher`);
    expect(text).toContain('Sher-e-Bangla Nagar');
  });

  it('lets an English alert with a hospital typed in Bangla take the UCS-2 limit (2), not drop the name', () => {
    const text = SMS_TEXTS.en.alert({ ...base, hospital: HOSPITALS.bn[0]! });
    expect(smsShape(text).unicode).toBe(true);
    expect(segments(text)).toBeLessThanOrEqual(2);
    expect(text).toContain('শহীদ');
  });
});

describe.each(LANGS)('the replies to replies in %s', (lang) => {
  const t = SMS_TEXTS[lang];

  it('confirms a pledge with the family phone, where and when', () => {
    for (const hospital of HOSPITALS[lang])
      for (const day of DAYS[lang]) {
        const text = t.pledgeConfirmed({ familyPhone: '+8801712345678', hospital, day, time: '23:45' });
        measure('pledgeConfirmed', lang, text, LIMIT[lang]);
        expect(text).toContain('01712345678');
        expect(text).toContain(smsDay(day, lang));
      }
    const short = t.pledgeConfirmed({ familyPhone: '+8801712345678', hospital: 'DMCH', day: '2026-03-05', time: '10:00' });
    expect(short).toContain('DMCH,');
    expect(short).not.toContain(ELLIPSIS);
  });

  it('asks "Still coming?" in one segment, with the hospital, the time and the code (issue 33)', () => {
    for (const hospital of HOSPITALS[lang]) {
      const text = t.reminder({ hospital, time: '23:45', replyCode: 'K7Q2' });
      measure('reminder', lang, text, 1);
      expect(text).toContain('1 K7Q2');
      expect(text).toContain('2 K7Q2');
      expect(text).toContain(smsTime('23:45', lang));
    }
  });

  it('thanks a donor in one segment, with the hospital (issue 33)', () => {
    for (const hospital of HOSPITALS[lang]) measure('thanks', lang, t.thanks(hospital), 1);
    expect(t.thanks('DMCH')).toContain('DMCH');
    expect(t.thanks('DMCH')).not.toContain(ELLIPSIS);
  });

  it('confirms a pledge without a family phone: where and when', () => {
    for (const hospital of HOSPITALS[lang])
      for (const day of DAYS[lang]) {
        const text = t.pledgeConfirmedNoPhone({ hospital, day, time: '23:45' });
        measure('pledgeConfirmedNoPhone', lang, text, LIMIT[lang]);
        expect(text).toContain(smsDay(day, lang));
      }
  });

  it.each(['declineConfirmed', 'notCounted', 'onTheWay', 'arrived', 'checkinNotCounted', 'eligibleAgain', 'stillComing', 'pledgeWithdrawn', 'stopped', 'started', 'help'] as const)('%s takes one segment', (name) => {
    measure(name, lang, t[name](), 1);
  });

  it('tells how to switch SMS alerts and how to answer', () => {
    expect(t.stopped()).toContain('START');
    expect(t.started()).toContain('STOP');
    expect(t.help()).toContain('STOP');
    expect(t.help()).toMatch(/1 \S+.*2 \S+/);
  });
});

describe('the pieces', () => {
  it('finds the longest part that fits, and only shortens what does not', () => {
    const render = (part: string) => `${part} ${'x'.repeat(140)}`;
    expect(fitToSegments(render, 'short', 1)).toBe(render('short'));
    const text = fitToSegments(render, 'y'.repeat(40), 1)!;
    expect(text.length).toBe(160);
    expect(text.startsWith('y'.repeat(17) + '..')).toBe(true);
    expect(fitToSegments(render, 'y'.repeat(40), 1, 18)).toBeNull();
  });

  it('never cuts a Bangla grapheme in half', () => {
    // Conjuncts (ব্র, হ্ম) are one grapheme each: a cut never leaves a dangling hasanta.
    expect(shorten('ব্রাহ্মণবাড়িয়া', 1)).toBe('ব্রা..');
    expect(shorten('ব্রাহ্মণবাড়িয়া', 2)).toBe('ব্রাহ্ম..');
    for (let keep = 0; keep < 14; keep++) expect(shorten('শহীদ সোহরাওয়ার্দী মেডিকেল', keep)).not.toMatch(/\u09cd\.\.$/);
    expect(shorten('Dhaka Medical', 6)).toBe('Dhaka..');
    expect(shorten('DMCH', 4)).toBe('DMCH');
  });

  it('writes days the same on every Node, and phones as they are dialled', () => {
    expect(smsDay('2026-03-05', 'en')).toBe('Thu 5 Mar');
    expect(smsDay('2026-09-24', 'en')).toBe('Thu 24 Sep');
    expect(smsDay('2026-03-05', 'bn')).toBe('বৃহঃ ৫ মার্চ');
    expect(smsDay('tomorrow', 'en')).toBe('tomorrow');
    expect(dialable('+8801712345678')).toBe('01712345678');
    expect(dialable('02-9661064')).toBe('02-9661064');
    expect(smsLine(' a\t\r\nb… ')).toBe('a b...');
  });
});

describe('the worst cases measured', () => {
  it('are within the limits', () => {
    // Runs last (vitest keeps the order in a file): the map holds every measure above.
    expect(Object.fromEntries(worst)).toMatchObject({ 'alert en': 1, 'alert bn': 2, 'pledgeConfirmed en': 1 });
    console.info('SMS worst cases (segments):', Object.fromEntries(worst));
  });
});
