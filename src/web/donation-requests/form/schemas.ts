import { isDonationDateAllowed } from '../../../shared/donation-request-policy';
import { dateSchema, DONATION_MESSAGES, donationRequestInputSchema } from '../../../shared/donation-requests';

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
