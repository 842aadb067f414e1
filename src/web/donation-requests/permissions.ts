import { canWrite, isAdmin, isStaff } from '../../shared/access';
import { canMoveDonation, DONATION_MESSAGES } from '../../shared/donation-request-texts';
import type { DonationRequest } from '../../shared/donation-requests';
import type { User } from '../../shared/users';

// What the signed-in user may do with a request. The server enforces the same rules; the UI
// offers only what will succeed (a refused call would sign the user out: spec section 8).

type Actor = Pick<User, 'email' | 'role' | 'status'>;
type Request = Pick<DonationRequest, 'requesterEmail' | 'donationStatus'>;

export const isRequester = (user: Actor, r: Request) => user.email.toLowerCase() === r.requesterEmail.toLowerCase();

/** Edit and delete: the requester or an admin, with an active account (a block freezes writes). */
export const canManage = (user: Actor, r: Request) => canWrite(user) && (isRequester(user, r) || isAdmin(user));

/** Done and canceled requests are closed; the server refuses to edit them. */
export const isEditable = (r: Request) => r.donationStatus === 'pending' || r.donationStatus === 'inprogress';

/** Done / canceled buttons: on inprogress rows, for the requester, a volunteer or an admin. */
export const canCloseDonation = (user: Actor, r: Request) =>
  canMoveDonation(r.donationStatus, 'done') && canWrite(user) && (isRequester(user, r) || isStaff(user));

/** Why the user cannot donate to this request, or null when they can. */
export function donateBlocker(user: Actor, r: Request): string | null {
  if (isRequester(user, r)) return DONATION_MESSAGES.ownRequest;
  if (!canMoveDonation(r.donationStatus, 'inprogress')) return DONATION_MESSAGES.notPending;
  if (user.status !== 'active') return DONATION_MESSAGES.blockedText;
  return null;
}

/** Donor information is shown once someone has offered (inprogress, done, canceled). */
export const hasDonor = (r: Pick<DonationRequest, 'donationStatus' | 'donarEmail'>) => r.donationStatus !== 'pending' && Boolean(r.donarEmail);
