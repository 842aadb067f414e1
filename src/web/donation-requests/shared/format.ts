import type { PublicDonationRequest } from '../../../shared/donation-requests';

const LONG = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const SHORT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * "2026-05-01" -> "Fri, 1 May 2026" (or "1 May 2026" in the narrow tables): a calendar day, so
 * it is read in UTC and never shifts with the browser's time zone.
 */
export function formatDate(day: string, style: 'long' | 'short' = 'long'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (style === 'long' ? LONG : SHORT).format(date);
}

/** The spec's location column: district, then upazila. */
export const locationOf = (r: Pick<PublicDonationRequest, 'recipientDistrict' | 'recipientUpazila'>) =>
  [r.recipientDistrict, r.recipientUpazila].filter(Boolean).join(', ');
