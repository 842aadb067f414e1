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

/**
 * A pledge's life (issue 33): pledged, then the donor's own check-ins (on the way, arrived), then
 * its outcome, recorded by the requester or staff: donated (what enters the donor's history,
 * cooldown, badges and certificate), no_show or deferred (turned away at the bank; both give the
 * unit back to the request). A withdrawal takes the pledge away (outreach/answers.ts): it is not
 * a state a pledge stays in.
 */
export const PLEDGE_STATES = ['pledged', 'on_the_way', 'arrived', 'donated', 'no_show', 'deferred'] as const;
export type PledgeState = (typeof PLEDGE_STATES)[number];

/** What the donor says with one tap (POST .../pledge/checkin). */
export const CHECKIN_STATES = ['on_the_way', 'arrived'] as const satisfies readonly PledgeState[];
export type CheckinState = (typeof CHECKIN_STATES)[number];

/** What the requester or staff record (PATCH .../pledges/{pledgeId}). */
export const PLEDGE_OUTCOMES = ['donated', 'no_show', 'deferred'] as const satisfies readonly PledgeState[];
export type PledgeOutcome = (typeof PLEDGE_OUTCOMES)[number];

/** Why the bank turned a donor away. */
export const DEFERRAL_REASONS = ['low_haemoglobin', 'illness', 'medication', 'other'] as const;
export type DeferralReason = (typeof DEFERRAL_REASONS)[number];

/**
 * The moves of a pledge. Check-ins go forward only (a second tap on the same one changes nothing);
 * an outcome can be recorded from any state before one, once: after it, nothing moves.
 */
export const PLEDGE_TRANSITIONS: Record<PledgeState, readonly PledgeState[]> = {
  pledged: ['on_the_way', 'arrived', ...PLEDGE_OUTCOMES],
  on_the_way: ['arrived', ...PLEDGE_OUTCOMES],
  arrived: [...PLEDGE_OUTCOMES],
  donated: [],
  no_show: [],
  deferred: [],
};
export const canMovePledge = (from: PledgeState, to: PledgeState) => PLEDGE_TRANSITIONS[from].includes(to);

/** The states a pledge may be in to move to `to` (the server's SQL guard). */
export const pledgeStatesInto = (to: PledgeState): PledgeState[] => PLEDGE_STATES.filter((from) => canMovePledge(from, to));

/** A pledge that still holds a unit (counted in pledgeCount): every state but no_show and deferred. */
export const holdsUnit = (state: PledgeState) => state !== 'no_show' && state !== 'deferred';

/** A pledge still waiting for its outcome (the donor may still withdraw it). */
export const isUndecidedPledge = (state: PledgeState) => PLEDGE_TRANSITIONS[state].length > 0;
