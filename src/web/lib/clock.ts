import { INTL_LOCALE, type Lang } from '../../shared/i18n/model';
import { banglaDigits } from '../i18n';

// Times of day as people in Bangladesh say them (issue 38): a 12-hour clock everywhere the web
// shows one. English "6:16 pm"; Bangla names the part of the day first, "সন্ধ্যা ৬:১৬" (glossary:
// docs/glossary.md). Instants are read in Bangladesh time (UTC+6, no daylight saving).
//
// A module of its own, imported only by pages that show a time: the day parts are Bangla words,
// and an English visit of the home page loads no Bangla text (e2e/language.spec.ts).

/** The parts of the day a Bangla clock names. */
export type DayPart = 'morning' | 'noon' | 'afternoon' | 'evening' | 'night';

/** Their Bangla words (docs/glossary.md). */
export const BANGLA_DAY_PARTS: Record<DayPart, string> = {
  morning: 'সকাল',
  noon: 'দুপুর',
  afternoon: 'বিকাল',
  evening: 'সন্ধ্যা',
  night: 'রাত',
};

/**
 * The part of the day an hour (0-23) falls in: 4:00-11:59 morning, 12:00-14:59 noon, 15:00-17:59
 * afternoon, 18:00-19:59 evening, anything else night.
 */
export function dayPart(hours: number): DayPart {
  if (hours >= 4 && hours < 12) return 'morning';
  if (hours >= 12 && hours < 15) return 'noon';
  if (hours >= 15 && hours < 18) return 'afternoon';
  if (hours >= 18 && hours < 20) return 'evening';
  return 'night';
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A time of day (hours 0-23) on a 12-hour clock: "6:16 pm", "12:05 am", or in Bangla
 * "সন্ধ্যা ৬:১৬", "রাত ১২:০৫" (Bangla digits). Seconds when given: "2:05:09 pm".
 */
export function clockText(hours: number, minutes: number, code: Lang, seconds?: number): string {
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  const clock = `${twelve}:${pad(minutes)}${seconds === undefined ? '' : `:${pad(seconds)}`}`;
  if (code === 'bn') return `${BANGLA_DAY_PARTS[dayPart(hours)]} ${banglaDigits(clock)}`;
  return `${clock} ${hours < 12 ? 'am' : 'pm'}`;
}

/** Bangladesh's offset from UTC: six hours, all year. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/** The instant's wall clock in Dhaka. */
function dhakaClock(at: Date) {
  const dhaka = new Date(at.getTime() + DHAKA_OFFSET_MS);
  return { hours: dhaka.getUTCHours(), minutes: dhaka.getUTCMinutes(), seconds: dhaka.getUTCSeconds(), day: dhaka.toISOString().slice(0, 10) };
}

const toDate = (at: string | Date) => (typeof at === 'string' ? new Date(at) : at);

/** An instant's time of day in Bangladesh: "6:16 pm", "সন্ধ্যা ৬:১৬"; '' for an invalid date. */
export function formatClock(at: string | Date, code: Lang, options: { seconds?: boolean } = {}): string {
  const date = toDate(at);
  if (Number.isNaN(date.getTime())) return '';
  const { hours, minutes, seconds } = dhakaClock(date);
  return clockText(hours, minutes, code, options.seconds ? seconds : undefined);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in Bangladesh. */
export const dhakaDay = (at: string | Date): string => dhakaClock(toDate(at)).day;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as a day and a time in Bangladesh: "5 Mar, 6:16 pm" ("5 Mar 2026, 6:16 pm" with
 * the year), "৫ মার্চ, সন্ধ্যা ৬:১৬" in Bangla; '' for an invalid date.
 */
export function formatDateTime(at: string | Date, code: Lang, options: { year?: boolean; seconds?: boolean } = {}): string {
  const date = toDate(at);
  if (Number.isNaN(date.getTime())) return '';
  const key = `${code}-${options.year ? 'y' : ''}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[code], { day: 'numeric', month: 'short', ...(options.year && { year: 'numeric' }), timeZone: 'Asia/Dhaka' });
    dayFormats.set(key, format);
  }
  return `${format.format(date)}, ${formatClock(date, code, options)}`;
}

/**
 * A request's time as its requester gave it: "18:15", "10:30" or "2:15 PM" read as "6:15 pm",
 * "10:30 am", "2:15 pm" ("সন্ধ্যা ৬:১৫" ... in Bangla). A time it cannot read is shown as typed
 * (the edit form takes free text), with Bangla digits in Bangla.
 */
export function formatTime(time: string, code: Lang): string {
  const m = /^\s*(\d{1,2}):(\d{2})\s*(?:([ap])\.?\s*m?\.?)?\s*$/i.exec(time);
  if (m) {
    const typed = Number(m[1]);
    const minutes = Number(m[2]);
    const meridiem = m[3]?.toLowerCase();
    const hours = meridiem ? (typed % 12) + (meridiem === 'p' ? 12 : 0) : typed;
    const valid = meridiem ? typed >= 1 && typed <= 12 : typed <= 23;
    if (valid && minutes <= 59) return clockText(hours, minutes, code);
  }
  return code === 'bn' ? banglaDigits(time) : time;
}
