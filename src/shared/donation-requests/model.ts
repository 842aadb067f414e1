// Donation requests: statuses, urgencies, units and when a request is needed by. Zod-free, so
// public pages can use it without loading the schema library. Texts: texts.ts; status moves and who
// may do what: policy.ts (decision 026); the API's shapes: schemas.ts.

export const DONATION_STATUSES = ['pending', 'inprogress', 'done', 'canceled'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

/** How soon the blood is needed (issue 14); lists filter by it and show it as a badge. */
export const URGENCIES = ['normal', 'urgent', 'critical'] as const;
export type Urgency = (typeof URGENCIES)[number];
/** The filters of every request list: a status and an urgency, each optional. */
export interface RequestFilters {
  status?: DonationStatus;
  urgency?: Urgency;
}

/** A request asks for 1 to 10 units (bags); each pledged donor gives one. */
export const MAX_UNITS = 10;

const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000; // UTC+6, no daylight saving

/**
 * The instant a request is needed by: its date at its time in Dhaka. The time is "HH:MM" (the
 * time input) or "h:mm AM/PM" (typed where the browser has no time input); any other text means
 * the end of that day.
 */
export function neededByOf(date: string, time: string): Date {
  const m = /^\s*(\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?\s*$/i.exec(time);
  let minutes = 24 * 60;
  if (m) {
    let hours = Number(m[1]);
    const mins = Number(m[2]);
    const meridiem = m[3]?.[0]?.toLowerCase();
    if (meridiem && hours >= 1 && hours <= 12) hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
    if (hours <= 23 && mins <= 59 && (!meridiem || Number(m[1]) <= 12)) minutes = hours * 60 + mins;
  }
  return new Date(Date.parse(`${date}T00:00:00Z`) + minutes * 60_000 - DHAKA_OFFSET_MS);
}

/** Pending, and its date and time (Dhaka) have passed: off the public list, no more pledges, until edited. */
export const isExpiredRequest = (request: { status: DonationStatus; neededBy: Date }, now = Date.now()) =>
  request.status === 'pending' && request.neededBy.getTime() <= now;
