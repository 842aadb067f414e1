import type { Lang } from '../../shared/i18n/model';
import { banglaNumber } from '../../shared/i18n/bangla';
import { normalizePhone } from '../../shared/phone/model';
import { smsShape } from './segments';

// The pieces the SMS templates (sms-texts.ts) are built from (issue 32): fitting a text to its
// segments by shortening one part, GSM-safe names, and short dates that are the same on every
// Node (ICU's abbreviations change between versions: en-GB's September became "Sept"), so the
// worst case the tests measure is the one that ships.

// GSM 03.38: the basic set (one septet) and the extension table (two: escape and character).
const GSM_BASIC = new Set('@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà');
const GSM_EXTENDED = new Set('\f^{}\\[~]|€');

/**
 * Segments as the calculator counts them, or fewer: exact for GSM and for one UCS-2 segment; when
 * split, UCS-2 keeps a grapheme whole, so the calculator may need one more. Fitting searches with
 * this (the calculator takes milliseconds a text) and confirms its answer with smsShape.
 */
export function estimateSegments(text: string): { segments: number; unicode: boolean } {
  let septets = 0;
  for (const c of text) {
    if (GSM_BASIC.has(c)) septets += 1;
    else if (GSM_EXTENDED.has(c)) septets += 2;
    else return { segments: text.length <= 70 ? 1 : Math.ceil(text.length / 67), unicode: true };
  }
  return { segments: septets <= 160 ? 1 : Math.ceil(septets / 153), unicode: false };
}

/** What an SMS may take: 1 segment when it is GSM 03.38 (English), 2 when UCS-2 (Bangla). */
export const segmentLimit = (text: string): number => (estimateSegments(text).unicode ? 2 : 1);

/** GSM-safe: two full stops, as "…" would turn an English SMS into UCS-2. */
export const ELLIPSIS = '..';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemesOf = (text: string) => Array.from(graphemes.segment(text), (s) => s.segment);

/** `text` cut to its first `keep` graphemes (never half a Bangla conjunct) and marked as cut. */
export function shorten(text: string, keep: number): string {
  const all = graphemesOf(text);
  if (keep >= all.length) return text;
  const kept = all.slice(0, Math.max(0, keep)).join('');
  return kept.replace(/[\s,.;:\-–—(/]+$/u, '') + ELLIPSIS;
}

/**
 * `render(part)` with `part` as long as `maxSegments` allows: whole when it fits, else its longest
 * shortened form (at least `minKeep` graphemes); null when even that is too long. Segments only
 * grow with the part, so a binary search finds the longest.
 */
export function fitToSegments(render: (part: string) => string, part: string, maxSegments: number, minKeep = 0): string | null {
  const fits = (text: string) => smsShape(text).segments <= maxSegments;
  const whole = render(part);
  if (estimateSegments(whole).segments <= maxSegments && fits(whole)) return whole;
  const cut = (keep: number) => render(shorten(part, keep));
  let lo = minKeep;
  let hi = graphemesOf(part).length - 1;
  if (lo > hi || estimateSegments(cut(lo)).segments > maxSegments) return null;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (estimateSegments(cut(mid)).segments <= maxSegments) lo = mid;
    else hi = mid - 1;
  }
  // The estimate may be one grapheme optimistic for split UCS-2: the calculator has the last word.
  for (; lo >= minKeep; lo--) if (fits(cut(lo))) return cut(lo);
  return null;
}

// A hospital keeps at least this much before the upazila gives way: "Shaheed Suhrawar.." still
// says where to go; the upazila only tells two hospitals of one name apart, and a stub of it
// (under UPAZILA_KEEP) would say nothing, so it goes whole.
const HOSPITAL_KEEP = 16;
const UPAZILA_KEEP = 4;

/**
 * An alert with the hospital and upazila shortened to fit its limit: the hospital first (down to
 * HOSPITAL_KEEP), then the upazila, then without the upazila (render gets ''), the hospital again.
 * The rest (the code and the link) is never cut; with a link too long for anything to fit, the
 * shortest text goes out anyway (billed for what it takes) rather than no alert at all.
 */
export function fitPlaces(render: (hospital: string, upazila: string) => string, hospital: string, upazila: string): string {
  const limit = segmentLimit(render(hospital, upazila));
  const keep = Math.max(0, Math.min(HOSPITAL_KEEP, graphemesOf(hospital).length - 1));
  return (
    fitToSegments((h) => render(h, upazila), hospital, limit, keep) ??
    fitToSegments((u) => render(shorten(hospital, HOSPITAL_KEEP), u), upazila, limit, UPAZILA_KEEP) ??
    fitToSegments((h) => render(h, ''), hospital, limit) ??
    render(shorten(hospital, 0), '')
  );
}

/** `render(part)` with `part` shortened to fit its limit (a pledge's hospital). */
export const fitPart = (render: (part: string) => string, part: string): string =>
  fitToSegments(render, part, segmentLimit(render(part))) ?? render(shorten(part, 0));

// Typed names often carry typography GSM lacks; one such character would make an English SMS
// UCS-2 (70 characters a segment instead of 160).
const GSM_LOOKALIKES: [RegExp, string][] = [
  [/[‘’‚‛′`´]/g, "'"],
  [/[“”„‟″]/g, '"'],
  [/[‐‑‒–—―−]/g, '-'],
  [/…/g, '...'],
  [/×/g, 'x'],
];

/** One line (line breaks and runs of spaces become one space), typography as GSM characters. */
export function smsLine(value: string): string {
  let line = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u00a0\u2000-\u200b\u2028\u2029\u202f\u3000]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [from, to] of GSM_LOOKALIKES) line = line.replace(from, to);
  return line;
}

const WEEKDAYS: Record<Lang, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  bn: ['রবি', 'সোম', 'মঙ্গল', 'বুধ', 'বৃহঃ', 'শুক্র', 'শনি'],
};
// Bangla: CLDR's abbreviations, the ones the web shows with Intl bn-BD.
const MONTHS: Record<Lang, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  bn: ['জানু', 'ফেব', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুল', 'আগ', 'সেপ', 'অক্টো', 'নভে', 'ডিসে'],
};

/** "2026-03-05" as "Thu 5 Mar" ("বৃহস্পতি ৫ মার্চ"); anything else as it is. */
export function smsDay(date: string, lang: Lang): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(d.getTime())) return smsLine(date);
  const day = lang === 'bn' ? banglaNumber(d.getUTCDate()) : String(d.getUTCDate());
  return `${WEEKDAYS[lang][d.getUTCDay()]} ${day} ${MONTHS[lang][d.getUTCMonth()]}`;
}

/** "14:30" in the language's digits. */
export const smsTime = (time: string, lang: Lang): string => {
  const line = smsLine(time);
  return lang === 'bn' ? line.replace(/\d/g, (d) => banglaNumber(Number(d))) : line;
};

/** A Bangladesh mobile as it is dialled at home (01712345678), ASCII digits so a tap calls it. */
export const dialable = (phone: string): string => normalizePhone(phone)?.slice(3) ?? smsLine(phone);
