import { dateSchema, DONATION_MESSAGES, donationRequestInputSchema, todayInDhaka } from '../../shared/donation-requests';

// The form's resolver is the shared schema the server validates with. The server also refuses a
// date in the past (for an edit: a changed date); these say so before anything is sent.

export const createRequestSchema = donationRequestInputSchema.extend({
  donationDate: dateSchema.refine((day) => day >= todayInDhaka(), DONATION_MESSAGES.dateInPast),
});

/** An edit may keep the request's own date even once it has passed. */
export const editRequestSchema = (currentDate: string) =>
  donationRequestInputSchema.extend({
    donationDate: dateSchema.refine((day) => day === currentDate || day >= todayInDhaka(), DONATION_MESSAGES.dateInPast),
  });
