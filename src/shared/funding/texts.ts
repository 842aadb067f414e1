// Funding's texts, zod-free (the Bangla message table and public pages import them).

export const FUNDING_MESSAGES = {
  heading: 'Funding',
  giveFund: 'Give Fund',
  thanks: 'Thank you! Your gift helps keep blood flowing to patients who need it.',
  canceled: 'The payment was canceled: nothing was charged.',
  notSetUp: 'Online giving is not set up on this site yet. The funds received so far are listed below.',
  total: 'Total funding',
  empty: 'No funds received yet.',
  /** The giver's choice on the gift form (off by default: gifts are anonymous to other users). */
  showName: 'Show my name in the list of funds',
  /** The name other users see for a gift whose giver did not choose to be named (admins see every name). */
  anonymous: 'Anonymous',
  missingSignature: 'Missing Stripe signature',
  invalidSignature: 'Invalid Stripe signature',
  enterAmount: 'Enter an amount',
  checkoutFailed: 'The payment service could not start the payment. Please try again later.',
  onlineNotSetUp: 'Online giving is not set up on this site',
  noCheckoutPage: 'The payment service gave no checkout page',
  trueOrFalse: 'Must be true or false',
} as const;
