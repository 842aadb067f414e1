import { DONATION_MESSAGES } from '../../shared/donation-requests/texts';
import { can, isEntitled, shownRequest, statusesFor } from '../../shared/donation-requests/policy';
import { isSamePerson } from '../../shared/access/policy';
import type { DonationRequest } from '../../shared/donation-requests/schemas';
import { REPORT_TEXTS } from '../../shared/reports/texts';
import type { User } from '../../shared/users/schemas';

// What the signed-in user may do with a request: the policy table the server enforces
// (src/shared/donation-requests/policy.ts, decision 026), under the names the pages use. The UI
// offers only what will succeed (a refused call would sign the user out: spec section 8).

type Actor = Pick<User, 'email' | 'role' | 'status'>;
type Request = Pick<DonationRequest, 'requesterEmail' | 'donationStatus'>;

export const isRequester = (user: Actor, r: Request) => isSamePerson(user, { email: r.requesterEmail });

/** Edit and delete (rows `edit` and `delete`): the requester or an admin, with an active account; the status aside (see isEditable). */
export const canManage = (user: Actor, r: Request) => isEntitled(user, 'edit', shownRequest(r)) && can(user, 'delete', shownRequest(r));

/** Done and canceled requests are closed; the server refuses to edit them. */
export const isEditable = (r: Request) => statusesFor('edit').includes(r.donationStatus);

/** Done / canceled buttons (rows `markDone`, `markCanceled`): on inprogress rows, for the requester, a volunteer or an admin. */
export const canCloseDonation = (user: Actor, r: Request) => can(user, 'markDone', shownRequest(r)) && can(user, 'markCanceled', shownRequest(r));

/**
 * Why the user cannot donate to this request (row `donate`), or null when they can. A request
 * hidden by reports (`underReview`, issue 17) takes no pledge until staff resolve them (the server
 * answers 409 REQUEST_UNDER_REVIEW); only its requester, staff and its pledged donors see it.
 */
export function donateBlocker(user: Actor, r: Request & { expired?: boolean; underReview?: boolean }): string | null {
  if (r.expired && !isRequester(user, r)) return DONATION_MESSAGES.expired;
  if (can(user, 'donate', shownRequest(r))) return r.underReview ? REPORT_TEXTS.underReview : null;
  if (isRequester(user, r)) return DONATION_MESSAGES.ownRequest;
  if (!statusesFor('donate').includes(r.donationStatus)) return DONATION_MESSAGES.notPending;
  return DONATION_MESSAGES.blockedText;
}

/** Donor information is shown once someone has offered (inprogress, done, canceled). */
export const hasDonor = (r: Pick<DonationRequest, 'donationStatus' | 'donarEmail'>) => r.donationStatus !== 'pending' && Boolean(r.donarEmail);
