import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insertedIdSchema } from '../../shared/api/schemas';
import { AUTH_ENDPOINTS, SESSION_ENDPOINTS } from '../../shared/api/session-endpoints';
import { phoneCodeCheckSchema, phoneCodeRequestSchema } from '../../shared/phone/schemas';
import { phoneRegistrationSchema } from '../../shared/users/schemas';
import { checkLocationChain } from '../locations/service';
import { PHONE_MESSAGES } from '../../shared/phone/texts';
import { users } from '../db/schema/accounts';
import type { AppDeps } from '../deps';
import { conflict, forbidden, HttpError } from '../errors';
import { BLOCKED_MESSAGE } from './guard';
import { forward } from './forward';

/** better-auth's refusals of a code, in our words: a wrong, unknown or expired code is one answer. */
const CODE_REFUSALS: Record<string, { status: number; message: string; code: string }> = {
  INVALID_OTP: { status: 400, message: PHONE_MESSAGES.codeWrong, code: 'PHONE_CODE_WRONG' },
  OTP_NOT_FOUND: { status: 400, message: PHONE_MESSAGES.codeWrong, code: 'PHONE_CODE_WRONG' },
  OTP_EXPIRED: { status: 400, message: PHONE_MESSAGES.codeWrong, code: 'PHONE_CODE_WRONG' },
  TOO_MANY_ATTEMPTS: { status: 400, message: PHONE_MESSAGES.codeBurnt, code: 'PHONE_CODE_BURNT' },
  PHONE_NUMBER_EXIST: { status: 409, message: PHONE_MESSAGES.numberTaken, code: 'PHONE_NUMBER_TAKEN' },
};

/** Signed out, a right code for a number no account has: the plugin, told not to sign up (auth.ts), fails to make the user (500). */
const NO_ACCOUNT = { status: 404, message: PHONE_MESSAGES.noAccount, code: 'PHONE_NOT_VERIFIED' };

/**
 * A phone verified by a code sent by SMS (issue 32, decision 067), only with SMS_URL (without it
 * 503 SMS_DISABLED): better-auth's phone-number plugin behind our validation. Only the number and the code go on (never the
 * plugin's sign-up fields or its `disableSession`).
 */
export const phoneCodeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const smsEnabled = async () => {
    if (!deps.sms) throw new HttpError(503, PHONE_MESSAGES.smsDisabled, 'SMS_DISABLED');
  };
  // { phoneNumber } as typed: a code to the number in its stored form. The same answer whether or
  // not a code went out (at most one a minute and PHONE_CODES_PER_DAY a day per number).
  app.post(AUTH_ENDPOINTS.sendPhoneCode.path, { config: { rateLimit: deps.limits.auth }, preValidation: smsEnabled, schema: { body: phoneCodeRequestSchema } }, (request, reply) =>
    forward(deps, request, reply, { body: { phoneNumber: request.body.phoneNumber } }),
  );

  // { phoneNumber, code }. Signed in: the number becomes the account's verified phone (and its
  // profile phone). Signed out: signs in the account that verified this number, if any.
  // A proven phone confirms the account: the donor search may find it now.
  const verifyOptions = { config: { rateLimit: deps.limits.auth }, preValidation: smsEnabled, onSend: deps.caches.writes.clearAfterWrites('users'), schema: { body: phoneCodeCheckSchema } };
  app.post(AUTH_ENDPOINTS.verifyPhoneCode.path, verifyOptions, async (request, reply) => {
    const headers = new Headers();
    if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
    const session = await deps.auth.api.getSession({ headers });
    if (session) {
      const [me] = await deps.db.select({ status: users.status }).from(users).where(eq(users.id, session.user.id));
      if (me?.status !== 'active') throw forbidden(BLOCKED_MESSAGE);
    }
    const { phoneNumber, code } = request.body;
    return forward(deps, request, reply, {
      body: session ? { phoneNumber, code, updatePhoneNumber: true } : { phoneNumber, code },
      // Only the number's holder learns that no account has it, after the code.
      refusal: (status, why) => (!session && status === 500 && why === 'FAILED_TO_CREATE_USER' ? NO_ACCOUNT : why ? CODE_REFUSALS[why] : undefined),
    });
  });

  // Registration with a phone, no email (issue 32): { phoneNumber, code, name, blood_group,
  // division, district, upazila }. The plugin checks the code and makes the account with its
  // random address (auth.ts), signed in; a number that has an account already is 409 before its
  // code is used. A new donor changes the donor search.
  app.post(
    SESSION_ENDPOINTS.registerWithPhone.pattern,
    {
      config: { rateLimit: deps.limits.auth },
      preValidation: smsEnabled,
      onSend: deps.caches.writes.clearAfterWrites('users'),
      schema: { body: phoneRegistrationSchema, response: { 201: insertedIdSchema } },
    },
    async (request, reply) => {
      const { phoneNumber, code, name, blood_group: bloodGroup, ...place } = request.body;
      const ids = checkLocationChain(await deps.locations.get(), place);
      const [holder] = await deps.db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phoneNumber));
      if (holder) throw conflict(PHONE_MESSAGES.hasAccount, 'PHONE_NUMBER_HAS_ACCOUNT');
      const body = { phoneNumber, code, name, bloodGroup, divisionId: ids.division, districtId: ids.district, upazilaId: ids.upazila };
      return forward(deps, request, reply, {
        path: AUTH_ENDPOINTS.verifyPhoneCode.path,
        body,
        // Two sign-ups of one number at once: the unique index lets one make the account, and the
        // other's insert fails.
        refusal: (status, why) => (status === 500 ? { status: 409, message: PHONE_MESSAGES.hasAccount, code: 'PHONE_NUMBER_HAS_ACCOUNT' } : why ? CODE_REFUSALS[why] : undefined),
        answer: (json) => {
          void reply.status(201);
          return { insertedId: (json as { user: { id: string } }).user.id };
        },
      });
    },
  );
};
