import type { PublicDonationRequest } from '../../../shared/donation-requests';
import { INTL_LOCALE, type Lang } from '../../../shared/i18n';
import { lang } from '../../i18n';

const OPTIONS = {
  long: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  short: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(code: Lang, style: keyof typeof OPTIONS): Intl.DateTimeFormat {
  const key = `${code}-${style}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(INTL_LOCALE[code], OPTIONS[style])));
  return format;
}

/**
 * "2026-05-01" -> "Fri, 1 May 2026" (or "1 May 2026" in the narrow tables), "শুক্র, ১ মে, ২০২৬"
 * in Bangla: a calendar day, so it is read in UTC and never shifts with the browser's time zone.
 * Components pass `useMessages(lang)` so they re-render on a switch.
 */
export function formatDate(day: string, style: 'long' | 'short' = 'long', code: Lang = lang.get()): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return formatOf(code, style).format(date);
}

const BN_TIME = new Intl.DateTimeFormat('bn-BD', { hour: 'numeric', minute: '2-digit', dayPeriod: 'short', timeZone: 'UTC' });

/**
 * A request's time as its requester typed it ("10:30", "2:15 PM"). English shows it unchanged;
 * Bangla reads a time it understands as "সকাল ১০:৩০" (the part of the day first, as people say
 * it), and anything else with Bangla digits.
 */
export function formatTime(time: string, code: Lang = lang.get()): string {
  if (code === 'en') return time;
  const m = /^\s*(\d{1,2}):(\d{2})\s*([ap])?\.?m?\.?\s*$/i.exec(time);
  if (m) {
    let hours = Number(m[1]);
    const minutes = Number(m[2]);
    const meridiem = m[3]?.toLowerCase();
    if (meridiem && hours >= 1 && hours <= 12) hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
    if (hours <= 23 && minutes <= 59 && (!meridiem || Number(m[1]) <= 12)) {
      const parts = BN_TIME.formatToParts(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
      const period = parts.find((p) => p.type === 'dayPeriod')?.value ?? '';
      const clock = parts
        .filter((p) => p.type !== 'dayPeriod')
        .map((p) => p.value)
        .join('')
        .trim();
      return period ? `${period} ${clock}` : clock;
    }
  }
  return time.replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
}

/** The spec's location column: district, then upazila. */
export const locationOf = (r: Pick<PublicDonationRequest, 'recipientDistrict' | 'recipientUpazila'>) =>
  [r.recipientDistrict, r.recipientUpazila].filter(Boolean).join(', ');
