// The part of the API contract (endpoints.ts, decision 029) that the frame of every page uses, and
// the contract's machinery: the home page's bundle carries these few entries, not the whole table
// (endpoints.ts spreads them into ENDPOINTS). Zod-free, types by `import type` only.

import type { InsertedId } from './schemas';
import type { PhoneRegistrationInput, RegisterUserInput, User } from '../users/schemas';
import type { ContactMessageInput, SiteInfo } from '../contact/schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<Args, Response, Body> {
  readonly method: HttpMethod;
  /** Below /api, as the server registers it: `/donationRequest/:id/status`. */
  readonly pattern: string;
  /** The path the web calls, below /api: the pattern's `:params` filled in, then the query. */
  readonly path: (args: Args) => string;
  /** Types only, never set at run time. */
  readonly types?: { args: Args; response: Response; body: Body };
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- matches any endpoint's types
export type AnyEndpoint = Endpoint<any, any, any>;
export type ArgsOf<E extends AnyEndpoint> = NonNullable<E['types']>['args'];
export type ResponseOf<E extends AnyEndpoint> = NonNullable<E['types']>['response'];
export type BodyOf<E extends AnyEndpoint> = NonNullable<E['types']>['body'];
/** The row type of a list endpoint. */
export type RowOf<E extends AnyEndpoint> = ResponseOf<E> extends (infer Row)[] ? Row : never;

const e = encodeURIComponent;

/** `/users/:email` with `{ email: 'a@b' }` -> `/users/a%40b`. */
function fill(pattern: string, args: unknown): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => e(String((args as Record<string, unknown>)[name])));
}

/** Query parameters that are set, in the order given, joined with `&`. */
export function query(params: Record<string, string | number | undefined>): string {
  return Object.entries(params)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${key}=${e(String(value))}`)
    .join('&');
}

/**
 * `answers<Response, Body>()(method, pattern, toQuery?)`: the response and body types are named,
 * the arguments are inferred from `toQuery` (plus the pattern's `:params`, named in `Params`).
 */
export function answers<Response, Body = undefined>() {
  return <Args = void>(method: HttpMethod, pattern: string, toQuery?: (args: Args) => string): Endpoint<Args, Response, Body> => ({
    method,
    pattern,
    path: (args) => {
      const path = fill(pattern, args);
      const q = toQuery?.(args);
      return q ? `${path}?${q}` : path;
    },
  });
}

/** Only the pattern's `:params`. */
export const params = <Params>(_: Params) => '';

/** The session's own endpoints: registering, the API token, the admin flag, the signed-in profile. */
export const SESSION_ENDPOINTS = {
  register: answers<InsertedId, RegisterUserInput>()('POST', '/users'),
  /** Registration with a phone and the code the SMS brought, no email (issue 32; only with SMS_URL). */
  registerWithPhone: answers<InsertedId, PhoneRegistrationInput>()('POST', '/users/phone'),
  token: answers<{ token: string }, { email: string } | { phoneNumber: string }>()('POST', '/jwt'),
  isAdmin: answers<{ admin: boolean }>()('GET', '/user/admin/:email', params<{ email: string }>),
  user: answers<User>()('GET', '/users/:email', params<{ email: string }>),
  /** The operator's helpline and contact email (issue 38): the footer of every page shows them. */
  siteInfo: answers<SiteInfo>()('GET', '/site'),
  /** The home page's contact form (issue 38): anyone, signed in or not. */
  sendContactMessage: answers<InsertedId, ContactMessageInput>()('POST', '/contact-messages'),
};

/**
 * The sign-in routes better-auth answers (the server forwards them, auth/routes.ts). Their bodies
 * and answers are better-auth's; the web only needs the paths.
 */
export const AUTH_ENDPOINTS = {
  session: { method: 'GET', path: '/auth/get-session' },
  signInEmail: { method: 'POST', path: '/auth/sign-in/email' },
  signInSocial: { method: 'POST', path: '/auth/sign-in/social' },
  signOut: { method: 'POST', path: '/auth/sign-out' },
  /** The address confirmation link (emailed; opened by the browser, not called by the web app). */
  verifyEmail: { method: 'GET', path: '/auth/verify-email' },
  /** Send the signed-in user (body: { email }) a new confirmation link. */
  sendVerificationEmail: { method: 'POST', path: '/auth/send-verification-email' },
  /** "Forgot password?" (issue 38, only with SMTP_URL): body { email }; the answer is the same for any address. */
  requestPasswordReset: { method: 'POST', path: '/auth/request-password-reset' },
  /** The reset link's page posts { token, newPassword }. */
  resetPassword: { method: 'POST', path: '/auth/reset-password' },
  /** A code by SMS (issue 32, only with SMS_URL): body { phoneNumber }; the answer is the same whether a code went or not. */
  sendPhoneCode: { method: 'POST', path: '/auth/phone-number/send-otp' },
  /** The code back: body { phoneNumber, code }; signed in it verifies the account's phone, signed out it signs in. */
  verifyPhoneCode: { method: 'POST', path: '/auth/phone-number/verify' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;
