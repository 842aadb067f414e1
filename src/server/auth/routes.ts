import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { authProvidersSchema, forgotPasswordSchema, resetPasswordSchema, tokenRequestSchema, tokenResponseSchema } from '../../shared/users/schemas';
import { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES, USER_MESSAGES } from '../../shared/users/texts';
import type { AppDeps } from '../deps';
import { HttpError, unauthorized } from '../errors';
import { enabledSocialProviders } from './auth';
import { forward } from './forward';
import { phoneCodeRoutes } from './phone-code-routes';
import { NO_STORE } from './guard';

/**
 * better-auth's endpoints that the SPA uses. Everything else under /api/auth is closed: sign-up
 * goes through POST /api/users (our validation), profile changes through PATCH /api/users/{email}.
 * phone-code-routes.ts opens the phone-number plugin's two (issue 32; only with SMS_URL).
 */
const OPEN_AUTH_ROUTES: { method: 'GET' | 'POST'; url: string; limited?: boolean }[] = [
  { method: 'GET', url: '/auth/get-session' },
  { method: 'POST', url: '/auth/sign-in/email', limited: true },
  { method: 'POST', url: '/auth/sign-in/social', limited: true },
  { method: 'GET', url: '/auth/callback/:providerId' },
  { method: 'POST', url: '/auth/callback/:providerId' },
  { method: 'POST', url: '/auth/sign-out' },
  // The link of the address confirmation email (only sent with SMTP_URL; better-auth checks the signed token).
  { method: 'GET', url: '/auth/verify-email', limited: true },
  // A new link, e.g. for an account made before SMTP_URL was set (rate-limited like sign-in).
  { method: 'POST', url: '/auth/send-verification-email', limited: true },
];

/**
 * POST /auth/sign-in/email with the per-account throttle around better-auth's password check
 * (sign-in-throttle.ts). A malformed body goes straight to better-auth, which refuses it.
 */
async function signInWithPassword(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const email = (request.body as { email?: unknown } | null | undefined)?.email;
  if (typeof email !== 'string' || !email.trim() || email.length > 254) return forward(deps, request, reply);
  const attempt = await deps.signInThrottle.beforeAttempt(email, request.headers.cookie);
  if (!attempt.admitted) {
    void reply.header('retry-after', String(attempt.retryAfterSeconds)).header('cache-control', NO_STORE);
    throw new HttpError(429, USER_MESSAGES.signInLocked(Math.ceil(attempt.retryAfterSeconds / 60)), 'SIGN_IN_LOCKED');
  }
  return forward(deps, request, reply, { moreCookies: async (response) => (response.ok ? [await deps.signInThrottle.succeeded(email, attempt.key)] : []) });
}

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  for (const route of OPEN_AUTH_ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      config: route.limited ? { rateLimit: deps.limits.auth } : {},
      handler: (request, reply) => (route.url === '/auth/sign-in/email' ? signInWithPassword(deps, request, reply) : forward(deps, request, reply)),
    });
  }

  // "Forgot password?" (issue 38, only with SMTP_URL): a link by email to the web's reset page,
  // whose form posts the link's token with the new password. better-auth's GET
  // /reset-password/:token redirect stays closed: the mail links to the page itself.
  const resetEnabled = async () => {
    if (!deps.config.SMTP_URL) throw new HttpError(503, PASSWORD_RESET_MESSAGES.disabled, 'PASSWORD_RESET_DISABLED');
  };
  // { email }: only the address goes on (no `redirectTo`). The answer is better-auth's, the same
  // whether or not the address has an account and whether or not a mail went out.
  app.post(
    '/auth/request-password-reset',
    { config: { rateLimit: deps.limits.auth }, preValidation: resetEnabled, schema: { body: forgotPasswordSchema } },
    (request, reply) => forward(deps, request, reply, { body: { email: request.body.email } }),
  );
  // { token, newPassword }: the new password under the registration's rules (better-auth checks
  // only its length); an unknown, used or expired token is a 400 in our words. better-auth
  // deletes every session of the account; its sign-in lock is cleared (deps.ts).
  app.post(
    '/auth/reset-password',
    { config: { rateLimit: deps.limits.auth }, preValidation: resetEnabled, schema: { body: resetPasswordSchema } },
    (request, reply) =>
      forward(deps, request, reply, {
        body: request.body,
        refusal: (status) => (status === 400 ? { message: PASSWORD_RESET_MESSAGES.invalidLink, code: 'RESET_LINK_INVALID' } : undefined),
      }),
  );

  await app.register(phoneCodeRoutes, deps);

  app.get(
    ENDPOINTS.authProviders.pattern,
    { schema: { response: { 200: authProvidersSchema } } },
    async () => {
      const enabled = enabledSocialProviders(deps.config);
      return { google: enabled.includes('google'), github: enabled.includes('github'), passwordReset: deps.config.SMTP_URL !== undefined, phone: deps.sms !== null };
    },
  );

  // POST /jwt { email } or { phoneNumber } -> { token }: only for the holder of a valid session of
  // that same email, or of the account that proved that phone.
  app.post(
    ENDPOINTS.token.pattern,
    {
      // Per session, not per address: a page load exchanges its session, and behind carrier NAT
      // many people share an address (decision 062).
      config: { rateLimit: deps.limits.token },
      schema: { body: tokenRequestSchema, response: { 200: tokenResponseSchema } },
    },
    async (request, reply) => {
      const headers = new Headers();
      if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
      const session = await deps.auth.api.getSession({ headers });
      // An account without an address (issue 32) names itself by its proven phone.
      const who = session?.user as { email: string; phoneNumber?: string | null; phoneNumberVerified?: boolean } | undefined;
      const same = 'email' in request.body ? who?.email.toLowerCase() === request.body.email : who?.phoneNumberVerified === true && who.phoneNumber === request.body.phoneNumber;
      if (!session || !same) throw unauthorized(AUTH_MESSAGES.noSession);
      void reply.header('cache-control', NO_STORE);
      return { token: await deps.tokens.sign({ id: session.user.id, email: session.user.email }, session.session.id) };
    },
  );
};
