import { MAX_IMAGE_BYTES } from '../../shared/images/model';

/**
 * What the document says about the routes that have no zod schema of their own to say it: the
 * better-auth endpoints the server forwards (auth/routes.ts), the image bytes, the multipart upload
 * and Stripe's raw webhook body. Written here, for the document only: the routes validate and
 * answer exactly as before. Keys are `METHOD url` as registered.
 */
type Json = Record<string, unknown>;
export interface RouteDescription {
  summary?: string;
  description?: string;
  querystring?: Json;
  params?: Json;
  headers?: Json;
  body?: Json;
  consumes?: string[];
  produces?: string[];
  response?: Record<string, Json>;
  /** The session cookie is what authenticates the call (the bearer token is made from it). */
  sessionCookie?: 'required' | 'optional';
  /** The route also takes no body at all (the document would otherwise say the body is required). */
  bodyOptional?: boolean;
}

const object = (properties: Record<string, Json>, required: string[] = [], extra: Json = {}): Json => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  ...extra,
});
const email = { type: 'string', format: 'email', maxLength: 254 };
const callbackURL = { type: 'string', description: 'Where the browser goes afterwards: a path of this site.' };
const redirect = (description: string): Json => ({
  description,
  type: 'null',
  headers: { location: { type: 'string', description: 'The next page.' } },
});
/** better-auth's user and session objects, as the SPA reads them (the session token itself is never sent). */
const userObject = object({ id: { type: 'string' }, email, name: { type: 'string' }, emailVerified: { type: 'boolean' }, image: { type: ['string', 'null'] } }, ['id', 'email'], {
  additionalProperties: true,
});
const sessionObject = object({ id: { type: 'string' }, userId: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } }, ['id', 'userId', 'expiresAt'], {
  additionalProperties: true,
});

/** A CSV export (issue 18): streamed, UTF-8 with a BOM, formula-like cells prefixed with `'`. */
const csvDownload = (summary: string): RouteDescription => ({
  summary,
  description: "A CSV file (attachment), streamed from the database: UTF-8 with a byte-order mark, a header row, and any cell that starts with =, +, -, @, a tab or a carriage return prefixed with '.",
  produces: ['text/csv'],
  response: { 200: { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } } },
});

export const DESCRIBED_ROUTES: Record<string, RouteDescription> = {
  'GET /api/auth/get-session': {
    summary: 'The current session',
    description: 'The session of the session cookie and its user, or null without one (better-auth). The session token is never in the answer.',
    sessionCookie: 'optional',
    response: { 200: { description: 'The session, or null', anyOf: [object({ session: sessionObject, user: userObject }, ['session', 'user']), { type: 'null' }] } },
  },
  'POST /api/auth/sign-in/email': {
    summary: 'Sign in with email and password',
    description:
      'Sets the HttpOnly session cookie (exchange it at POST /api/jwt for a bearer token). Rate-limited per address; repeated failures lock the account for a while (429, code SIGN_IN_LOCKED).',
    body: object({ email, password: { type: 'string', maxLength: 128 }, rememberMe: { type: 'boolean', default: true }, callbackURL }, ['email', 'password']),
    response: { 200: { description: 'Signed in: the session cookie is set', ...object({ redirect: { type: 'boolean' }, url: { type: 'string' }, user: userObject }, ['redirect', 'user']) } },
  },
  'POST /api/auth/sign-in/social': {
    summary: 'Start signing in with Google or GitHub',
    description: 'Answers the provider page to send the browser to; only providers configured on this site (GET /api/auth/providers) work.',
    body: object({ provider: { type: 'string', enum: ['google', 'github'] }, callbackURL, errorCallbackURL: callbackURL, newUserCallbackURL: callbackURL }, ['provider']),
    response: { 200: { description: "The provider's sign-in page", ...object({ url: { type: 'string', format: 'uri' }, redirect: { type: 'boolean' } }, ['url', 'redirect']) } },
  },
  'GET /api/auth/callback/:providerId': {
    summary: "The provider's return (OAuth callback)",
    description: 'Called by the browser on its way back from Google or GitHub, not by clients: sets the session cookie and sends the browser on.',
    querystring: object({ code: { type: 'string' }, state: { type: 'string' }, error: { type: 'string' } }),
    response: { 302: redirect('Signed in (or refused): on to the app') },
  },
  'POST /api/auth/callback/:providerId': {
    summary: "The provider's return (OAuth callback, form post)",
    description: 'The form-post variant of the callback above, for providers that return that way.',
    body: object({ code: { type: 'string' }, state: { type: 'string' } }, [], { additionalProperties: true }),
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
    response: { 302: redirect('Signed in (or refused): on to the app') },
  },
  'POST /api/auth/sign-out': {
    summary: 'Sign out',
    description: 'Ends the session of the session cookie: its bearer tokens stop working at once.',
    sessionCookie: 'required',
    response: { 200: { description: 'Signed out', ...object({ success: { type: 'boolean' } }, ['success']) } },
  },
  'GET /api/auth/verify-email': {
    summary: 'Confirm an email address',
    description: 'The link of the confirmation email (sent only when SMTP_URL is set). With callbackURL the browser is sent there.',
    querystring: object({ token: { type: 'string' }, callbackURL }, ['token']),
    response: {
      200: { description: 'Confirmed', ...object({ status: { type: 'boolean' } }, ['status'], { additionalProperties: true }) },
      302: redirect('Confirmed: on to callbackURL'),
    },
  },
  'POST /api/auth/send-verification-email': {
    summary: 'Send a new confirmation link',
    description:
      'For an account whose address is not confirmed yet (rate-limited like sign-in). At most one mail per address every 5 minutes and 5 a day; the answer is the same whether a mail went out or not.',
    body: object({ email, callbackURL }, ['email']),
    response: { 200: { description: 'Sent', ...object({ status: { type: 'boolean' } }, ['status']) } },
  },
  'POST /api/auth/request-password-reset': {
    summary: 'Send a link to choose a new password',
    description:
      'Only when the site sends email (SMTP_URL; otherwise 503, code PASSWORD_RESET_DISABLED). The link opens /reset-password and works for an hour. Rate-limited like sign-in; at most one mail per address every 5 minutes and 5 a day; the answer is the same whether the address has an account and whether a mail went out.',
    response: { 200: { description: 'Asked', ...object({ status: { type: 'boolean' }, message: { type: 'string' } }, ['status'], { additionalProperties: true }) } },
  },
  'POST /api/auth/reset-password': {
    summary: "Set a new password with a reset link's token",
    description:
      'The new password follows the registration rules. Every session of the account ends (its bearer tokens stop working) and its sign-in lock is cleared. An unknown, used or expired token is 400 (code RESET_LINK_INVALID).',
    response: { 200: { description: 'Changed', ...object({ status: { type: 'boolean' } }, ['status']) } },
  },
  'POST /api/auth/phone-number/send-otp': {
    summary: 'Send a 6-digit code by SMS to a phone',
    description:
      'Only when the site sends SMS (SMS_URL; otherwise 503, code SMS_DISABLED, for this and verify). The number as people type it (01712345678, +880 1712-345678, Bangla digits); the code goes to its stored form +8801XXXXXXXXX, in the language of Accept-Language, and works for 5 minutes. At most one code a minute and 5 a day per number; the answer is the same whether a code went out or not.',
    response: { 200: { description: 'Asked', ...object({ message: { type: 'string' } }, ['message']) } },
  },
  'POST /api/auth/phone-number/verify': {
    summary: 'Give back the code: verify your phone, or sign in with it',
    description:
      "Signed in (the session cookie), the number becomes the account's verified phone (and its profile phone); another account's verified number is 409 (PHONE_NUMBER_TAKEN), a blocked account 403. Signed out, it signs in the account that verified this number and sets the session cookie; no such account is 404 (PHONE_NOT_VERIFIED). A wrong, used or expired code is 400 (PHONE_CODE_WRONG); 3 wrong tries burn the code (PHONE_CODE_BURNT). Rate-limited like sign-in.",
    sessionCookie: 'optional',
    response: { 200: { description: 'Verified', ...object({ status: { type: 'boolean' }, user: userObject }, ['status'], { additionalProperties: true }) } },
  },
  'POST /api/jwt': {
    description: 'Body { email } or, for an account without an address (registered with a phone), { phoneNumber }. Only for the holder of a valid session of that same email, or of the account that proved that phone (the session cookie of sign-in). The token lives as long as its session: sign-out or a block ends it. Rate-limited per session (a request without a validly signed session cookie counts on its address).',
    sessionCookie: 'required',
  },
  'GET /api/users.csv': csvDownload('Every user (no password, session or token), newest first'),
  'GET /api/donationRequests.csv': csvDownload('Donation requests with the filters of the all-requests list, and the days they were created (Dhaka)'),
  'GET /api/funding/ledger.csv': csvDownload('The funds received, newest first, every giver named'),
  'GET /api/donations/:id/certificate.pdf': {
    summary: 'The certificate of a completed donation (the donor and staff)',
    description: 'A one-page PDF (A4, landscape) with the donor\'s name, the date, hospital, district and component, and a QR code to the public verification page /verify/{code}.',
    produces: ['application/pdf'],
    response: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } } } },
  },
  'GET /api/images/:id': {
    summary: 'An uploaded picture',
    description: 'The re-encoded bytes; an id never changes content, so it is cached for a year.',
    response: { 200: { description: 'The picture', content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } } } },
  },
  'POST /api/images': {
    description: `A JPEG, PNG or GIF of at most ${MAX_IMAGE_BYTES} bytes in the multipart field "image"; it is re-encoded and stored. Open before registration (the avatar is chosen on the register form), rate-limited per account when signed in, else per address.`,
    consumes: ['multipart/form-data'],
    body: object({ image: { type: 'string', contentMediaType: 'application/octet-stream' } }, ['image']),
  },
  'POST /api/unsubscribe': {
    description:
      "Turns the token's user's alert emails off; no sign-in, the signed token names the user. RFC 8058 one-click: mail providers POST the body List-Unsubscribe=One-Click as application/x-www-form-urlencoded (any other form body is 400); JSON with the same field, an empty JSON object or no body at all are accepted too.",
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
    bodyOptional: true,
  },
  'POST /api/funding/webhook': {
    description: "Stripe's webhook (checkout.session.completed, checkout.session.async_payment_succeeded): the raw event, signed in the Stripe-Signature header. Called by Stripe, not by clients.",
    headers: object({ 'stripe-signature': { type: 'string' } }, ['stripe-signature']),
    body: { type: 'object', description: 'A Stripe event', additionalProperties: true },
  },
  'POST /api/sms/twilio/status': {
    description:
      "Twilio's status callback for a text the site sent (SMS_URL twilio://): its MessageStatus becomes the text's receipt (delivered; failed or undelivered). Signed in X-Twilio-Signature with the account's auth token over PUBLIC_URL's address of this route and the fields; otherwise 403. 404 when the site does not send through Twilio. Called by Twilio, not by clients.",
    headers: object({ 'x-twilio-signature': { type: 'string' } }, ['x-twilio-signature']),
    consumes: ['application/x-www-form-urlencoded'],
    body: object({ MessageSid: { type: 'string', pattern: '^[A-Z]{2}[0-9a-fA-F]{32}$' }, MessageStatus: { type: 'string', maxLength: 40 } }, ['MessageSid', 'MessageStatus'], { additionalProperties: true }),
  },
  'POST /api/sms/twilio/inbound': {
    description:
      "Twilio's webhook for a text a phone sent to the site's number (set as the number's \"A message comes in\" URL): answered with empty TwiML; a reply is sent as an SMS of its own. Signed like the status callback; otherwise 403. 404 when the site does not send through Twilio. Called by Twilio, not by clients.",
    headers: object({ 'x-twilio-signature': { type: 'string' } }, ['x-twilio-signature']),
    consumes: ['application/x-www-form-urlencoded'],
    body: object({ MessageSid: { type: 'string', pattern: '^[A-Z]{2}[0-9a-fA-F]{32}$' }, From: { type: 'string', maxLength: 64 }, To: { type: 'string' }, Body: { type: 'string', maxLength: 1600 } }, ['MessageSid', 'From'], { additionalProperties: true }),
    produces: ['text/xml'],
    response: { 200: { description: 'Empty TwiML: <Response/>', content: { 'text/xml': { schema: { type: 'string' } } } } },
  },
};

/** Summaries of the contract's endpoints (src/shared/api/endpoints.ts) whose name says too little; the others read theirs from the name. */
export const SUMMARIES: Record<string, string> = {
  districts: "a division's districts (divisionId)",
  upazilas: "a district's upazilas (districtId)",
  register: 'register an account',
  token: 'exchange the session cookie for a one-hour access token',
  authProviders: 'the social sign-in providers configured on this site',
  isAdmin: 'whether a user is an admin',
  user: "a user's profile",
  users: 'list users (staff)',
  updateProfile: 'update a profile',
  changeUser: "change a user's status or role",
  exportAccount: 'download everything the site holds about you (owner only)',
  deleteAccount: 'delete your account (owner only; type your email to confirm)',
  donations: "a donor's completed donations (owner and staff)",
  certificateCheck: 'verify a donation certificate (public)',
  disputeDonation: 'say "I did not donate" about a donation recorded for you (owner only)',
  donationDisputes: 'requesters with donations their donors disputed (staff)',
  createRequest: 'create a donation request',
  myRequests: "a requester's requests (email)",
  request: 'one request (id)',
  pendingRequests: 'the public list of pending requests',
  allRequests: 'every request (staff)',
  updateRequest: 'edit a request',
  setDonationStatus: 'mark a request done or canceled',
  deleteRequest: 'delete a request',
  confirmDonation: 'pledge to donate for a request',
  matches: 'the best donors who can give now for a request',
  respond: 'answer an alert (accept is a pledge)',
  withdrawPledge: 'withdraw a pledge',
  outreach: "the progress of a request's alerts",
  unsubscribe: 'stop alert emails (one-click link of an email)',
  pushPublicKey: 'the VAPID public key for web push',
  pushSubscribe: "save this browser's push subscription",
  pushUnsubscribe: "remove this browser's push subscription",
  searchDonors: 'search donors by blood group and place',
  blogs: 'list blogs (status)',
  blog: 'one blog (_id)',
  changeBlogStatus: "publish or unpublish a blog",
  adminStats: 'site statistics (staff)',
  smsUsage: "the site's SMS today and this month (staff)",
  fundingSummary: 'total funds and the giving settings',
  funds: 'the funds received',
  checkout: 'start a gift through Stripe Checkout',
  fundingWebhook: "Stripe's webhook",
  twilioStatus: "Twilio's status callback for a text sent",
  twilioInbound: "Twilio's webhook for a text received",
  health: 'health of the app and its database',
};
