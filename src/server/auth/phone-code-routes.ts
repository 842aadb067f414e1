import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ENDPOINTS } from '../../shared/api/session-endpoints';
import { phoneCodeCheckSchema, phoneCodeRequestSchema } from '../../shared/phone/schemas';
import { PHONE_MESSAGES } from '../../shared/phone/texts';
import { users } from '../db/schema/accounts';
import type { AppDeps } from '../deps';
import { forbidden, HttpError } from '../errors';
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
  app.post(AUTH_ENDPOINTS.verifyPhoneCode.path, { config: { rateLimit: deps.limits.auth }, preValidation: smsEnabled, schema: { body: phoneCodeCheckSchema } }, async (request, reply) => {
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
      refusal: (status, why) => {
        // Signed out, with a right code for a number no account verified: the plugin, without
        // sign-up, fails to find a user (500). Only the number's holder learns it, after the code.
        if (!session && status === 500 && why === 'FAILED_TO_UPDATE_USER') return { status: 404, message: PHONE_MESSAGES.noAccount, code: 'PHONE_NOT_VERIFIED' };
        return why ? CODE_REFUSALS[why] : undefined;
      },
    });
  });
};
