import type { PublicDonationRequest } from '../../../shared/donation-requests/schemas';
import { INTL_LOCALE, type Lang } from '../../../shared/i18n/model';
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

export { formatTime } from '../../lib/clock';

/** The spec's location column: district, then upazila. */
export const locationOf = (r: Pick<PublicDonationRequest, 'recipientDistrict' | 'recipientUpazila'>) =>
  [r.recipientDistrict, r.recipientUpazila].filter(Boolean).join(', ');
