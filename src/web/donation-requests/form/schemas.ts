import { isDonationDateAllowed } from '../../../shared/donation-requests/policy';
import { dateSchema, donationRequestInputSchema } from '../../../shared/donation-requests/schemas';
import { DONATION_MESSAGES } from '../../../shared/donation-requests/texts';

// The form's resolver is the shared schema the server validates with. The server also refuses a
// date in the past (for an edit: a changed date) with the same shared rule; these say so before
// anything is sent.

export const createRequestSchema = donationRequestInputSchema.extend({
  donationDate: dateSchema.refine((day) => isDonationDateAllowed(day), DONATION_MESSAGES.dateInPast),
});

/** An edit may keep the request's own date even once it has passed. */
export const editRequestSchema = (currentDate: string) =>
  donationRequestInputSchema.extend({
    donationDate: dateSchema.refine((day) => isDonationDateAllowed(day, { current: currentDate }), DONATION_MESSAGES.dateInPast),
  });
