// Donation requests: their status moves and who may do what to them, one row per action
// (decision 026). The server enforces these rows (403 checks, SQL status guards), the web offers
// only what they allow. No schema library here: public pages import it.

import type { DonationStatus } from './model';
import { decide, isSamePerson, movesInto, type Person, type PolicyActor, type PolicyRefusal, type Rule, STAFF_ROLES, statusesOf } from '../access/policy';
import type { DonationRequest } from './schemas';
import { todayInDhaka } from '../dates/model';

/**
 * Donation status moves (spec section 4): a donor confirming takes a pending request in progress;
 * the requester, a volunteer or an admin then marks it done or canceled. Nothing else moves.
 */
export const DONATION_TRANSITIONS: Record<DonationStatus, readonly DonationStatus[]> = {
  pending: ['inprogress'],
  inprogress: ['done', 'canceled'],
  done: [],
  canceled: [],
};
export const canMoveDonation = (from: DonationStatus, to: DonationStatus) => DONATION_TRANSITIONS[from].includes(to);

const STATUSES = Object.keys(DONATION_TRANSITIONS) as DonationStatus[];

/**
 * The moves moderation adds (issue 17): staff removing a reported request cancel it while it is
 * open, pending included (a requester cannot cancel a pending request: DONATION_TRANSITIONS).
 */
export const MODERATION_TRANSITIONS: Record<DonationStatus, readonly DonationStatus[]> = {
  pending: ['canceled'],
  inprogress: ['canceled'],
  done: [],
  canceled: [],
};

/** The statuses a move to `to` may start from. */
export const allowedFrom = (to: DonationStatus): DonationStatus[] => STATUSES.filter((from) => canMoveDonation(from, to));

/** Open requests (a move is still possible): pending and in progress. Done and canceled are closed. */
export const OPEN_STATUSES: readonly DonationStatus[] = STATUSES.filter((s) => DONATION_TRANSITIONS[s].length > 0);

/** The request's people: who asked, who offered, and anyone signed in but the requester. */
export type DonationRequestParty = 'requester' | 'donor' | 'notRequester';

export type DonationRequestAction =
  | 'create'
  | 'list'
  | 'viewDonor'
  | 'viewPledges'
  | 'viewMatches'
  | 'viewOutreach'
  | 'edit'
  | 'delete'
  | 'donate'
  | 'decline'
  | 'withdraw'
  | 'checkIn'
  | 'recordOutcome'
  | 'markDone'
  | 'markCanceled'
  | 'report'
  | 'dismissReports'
  | 'removeReported';

/** Who may do what to a request. Add a rule by adding a row (and its expected cells in the test). */
export const DONATION_REQUEST_RULES: Record<DonationRequestAction, Rule<DonationStatus, DonationRequestParty>> = {
  /** Ask for blood: any active account. */
  create: { write: true, grants: [{ parties: ['signedIn'] }] },
  /** Someone's list of requests (the resource's requester is whose list it is): themselves, or staff. */
  list: { write: false, grants: [{ parties: ['requester'], roles: STAFF_ROLES }] },
  /** The donor's name and email: the requester, the donor themselves, and staff. */
  viewDonor: { write: false, grants: [{ parties: ['requester', 'donor'], roles: STAFF_ROLES }] },
  /** Every pledge with its donor's name and email (issue 14): the requester and staff. */
  viewPledges: { write: false, grants: [{ parties: ['requester'], roles: STAFF_ROLES }] },
  /** The matching donors (GET /donationRequest/{id}/matches): the requester and staff. */
  viewMatches: { write: false, grants: [{ parties: ['requester'], roles: STAFF_ROLES }] },
  /** How the search for donors is going (issue 15): the requester and staff. */
  viewOutreach: { write: false, grants: [{ parties: ['requester'], roles: STAFF_ROLES }] },
  /** Edit: the requester or an admin, while the request is open. */
  edit: { write: true, grants: [{ parties: ['requester'], roles: ['admin'], from: OPEN_STATUSES }] },
  /** Delete: the requester or an admin, whatever the status. */
  delete: { write: true, grants: [{ parties: ['requester'], roles: ['admin'] }] },
  /** Confirm "I will donate": anyone but the requester, from where a move to inprogress starts. */
  donate: { write: true, grants: [{ parties: ['notRequester'], from: allowedFrom('inprogress') }] },
  /** Answer an alert "not this time" (issue 15): anyone but the requester, while a pledge could still be made. */
  decline: { write: true, grants: [{ parties: ['notRequester'], from: allowedFrom('inprogress') }] },
  /** Withdraw one's pledge (the service checks there is one): anyone but the requester, while the request is open. */
  withdraw: { write: true, grants: [{ parties: ['notRequester'], from: OPEN_STATUSES }] },
  /** Say "on my way" or "arrived" about one's pledge (issue 33; the service checks there is one): anyone but the requester, while the request is open. */
  checkIn: { write: true, grants: [{ parties: ['notRequester'], from: OPEN_STATUSES }] },
  /** Record a pledge's outcome (donated, no_show, deferred; issue 33): the requester, a volunteer or an admin, while the request is open. */
  recordOutcome: { write: true, grants: [{ parties: ['requester'], roles: STAFF_ROLES, from: OPEN_STATUSES }] },
  /** The done / canceled buttons: the requester, a volunteer or an admin, from where those moves start. */
  markDone: { write: true, grants: [{ parties: ['requester'], roles: STAFF_ROLES, from: allowedFrom('done') }] },
  markCanceled: { write: true, grants: [{ parties: ['requester'], roles: STAFF_ROLES, from: allowedFrom('canceled') }] },
  /** Report it as fake, paid or duplicate (issue 17): anyone but the requester, while it is open. */
  report: { write: true, grants: [{ parties: ['notRequester'], from: OPEN_STATUSES }] },
  /** Dismiss its open reports (it is public again): volunteers and admins, whatever its status. */
  dismissReports: { write: true, grants: [{ roles: STAFF_ROLES }] },
  /** Remove it after reports: volunteers and admins cancel it, from where moderation may cancel (MODERATION_TRANSITIONS). */
  removeReported: { write: true, grants: [{ roles: STAFF_ROLES, from: movesInto(MODERATION_TRANSITIONS, 'canceled') }] },
};

/** The action that closes a request with this status. */
export const CLOSE_ACTIONS = { done: 'markDone', canceled: 'markCanceled' } as const satisfies Record<'done' | 'canceled', DonationRequestAction>;

/**
 * A request as a rule sees it. A missing status fails every rule that depends on one; a missing
 * requester is nobody's.
 */
export interface DonationRequestResource {
  status?: DonationStatus;
  requester?: Person;
  donor?: Person | null;
}

/** A request as the API shows it (the web's view: emails, no ids). */
export const shownRequest = (
  r: Pick<DonationRequest, 'donationStatus' | 'requesterEmail'> & Partial<Pick<DonationRequest, 'donarEmail'>>,
): DonationRequestResource => ({
  status: r.donationStatus,
  requester: { email: r.requesterEmail },
  donor: r.donarEmail ? { email: r.donarEmail } : null,
});

/** Null when the table allows the action, else why not (`blocked`, `role`, `status`: access.ts). */
export function refusal(actor: PolicyActor | null | undefined, action: DonationRequestAction, resource: DonationRequestResource): PolicyRefusal | null {
  const isParty = (party: DonationRequestParty) => {
    if (party === 'requester') return isSamePerson(actor, resource.requester);
    if (party === 'donor') return isSamePerson(actor, resource.donor);
    return !!resource.requester && !isSamePerson(actor, resource.requester);
  };
  return decide(DONATION_REQUEST_RULES[action], actor, isParty, resource.status);
}

export const can = (actor: PolicyActor | null | undefined, action: DonationRequestAction, resource: DonationRequestResource) =>
  refusal(actor, action, resource) === null;

/** The actor is one the row names (and active, for a write): allowed once the status is right. */
export const isEntitled = (actor: PolicyActor | null | undefined, action: DonationRequestAction, resource: DonationRequestResource) => {
  const why = refusal(actor, action, resource);
  return why === null || why === 'status';
};

/** The statuses an action can apply to at all: the server's SQL guard, the web's "still editable". */
export const statusesFor = (action: DonationRequestAction): DonationStatus[] => statusesOf(DONATION_REQUEST_RULES[action], STATUSES);

/**
 * "The donation date cannot be in the past" (spec): today in Dhaka or later. An edit may keep the
 * day the request already has (`current`), even once it has passed. The server refuses with 400;
 * the web's form says so before sending.
 */
export function isDonationDateAllowed(day: string, options: { current?: string; now?: number } = {}): boolean {
  return (options.current !== undefined && day === options.current) || day >= todayInDhaka(options.now);
}
