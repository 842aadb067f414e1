import { isLang, type Lang, langFromAcceptLanguage } from '../../shared/i18n/model';
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { APIError, BASE_ERROR_CODES, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { genericOAuth, type GenericOAuthConfig, phoneNumber } from 'better-auth/plugins';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema/accounts';
import { dropSessionWithoutPassword, reclaimingSquattedAccounts } from './email-squatting';
import { eq } from 'drizzle-orm';
import { pathTo } from '../../shared/routing/routes';
import { isPhoneOnlyEmail, PHONE_CODE_LENGTH, PHONE_CODE_MINUTES, PHONE_CODE_TRIES, PHONE_ONLY_EMAIL_DOMAIN, RESET_LINK_MINUTES } from '../../shared/users/model';
import { normalizePhone } from '../../shared/phone/model';
import { claimAccountMessage, claimVerificationMail } from './verification-mail-limit';

export const AUTH_BASE_PATH = '/api/auth';

/**
 * Google and GitHub are registered through better-auth's generic OAuth plugin so that every
 * endpoint comes from configuration: the defaults are the real providers', and the tests point
 * them at local stand-ins that speak the same protocol (docs/decisions/003-identity.md).
 */
function socialProviders(config: Config): GenericOAuthConfig[] {
  const providers: GenericOAuthConfig[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    providers.push({
      providerId: 'google',
      name: 'Google',
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      authorizationUrl: config.GOOGLE_AUTHORIZATION_URL,
      tokenUrl: config.GOOGLE_TOKEN_URL,
      userInfoUrl: config.GOOGLE_USERINFO_URL,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
      authorizationUrlParams: { prompt: 'select_account' },
    });
  }
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) {
    const api = config.GITHUB_API_URL.replace(/\/$/, '');
    providers.push({
      providerId: 'github',
      name: 'GitHub',
      clientId: config.GITHUB_CLIENT_ID,
      clientSecret: config.GITHUB_CLIENT_SECRET,
      authorizationUrl: config.GITHUB_AUTHORIZATION_URL,
      tokenUrl: config.GITHUB_TOKEN_URL,
      scopes: ['read:user', 'user:email'],
      pkce: true,
      // GitHub has no OIDC userinfo: the profile is /user, and a private email needs /user/emails.
      async getUserInfo(tokens) {
        if (!tokens.accessToken) return null;
        const headers = { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/vnd.github+json', 'user-agent': 'blood-donation' };
        const profileRes = await fetch(`${api}/user`, { headers });
        if (!profileRes.ok) return null;
        const profile = (await profileRes.json()) as { id: number; login: string; name?: string | null; email?: string | null; avatar_url?: string };
        let email = profile.email ?? null;
        let emailVerified = false;
        const emailsRes = await fetch(`${api}/user/emails`, { headers });
        if (emailsRes.ok) {
          const emails = (await emailsRes.json()) as { email: string; primary: boolean; verified: boolean }[];
          // Only an address GitHub verified: an unverified primary could be anyone's.
          const primary = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
          if (primary) {
            email = primary.email;
            emailVerified = primary.verified;
          }
        }
        if (!email) return null;
        return { id: String(profile.id), name: profile.name || profile.login, email, image: profile.avatar_url, emailVerified };
      },
    });
  }
  return providers;
}

export function enabledSocialProviders(config: Config): string[] {
  return socialProviders(config).map((p) => p.providerId);
}

/** Sends an account mail (through the job queue): an address confirmation link, or a password-reset link; only when email is configured. */
export type SendAccountMail = (kind: 'verify' | 'reset', to: { email: string; name: string; lang: Lang }, url: string) => Promise<void>;

export interface AuthHooks {
  /** Without it (no SMTP_URL) addresses are not confirmed and passwords cannot be reset by email. */
  sendMail?: SendAccountMail;
  onEmailVerified?: (userId: string) => Promise<void>;
  /** After a password reset (every session of the account is already deleted): clears the sign-in lock. */
  onPasswordReset?: (user: { id: string; email: string }) => Promise<void>;
  /** Sends a phone's code by SMS (through the job queue); without it (no SMS_URL) phones cannot be proven. */
  sendPhoneCode?: (to: string, code: string, lang: Lang) => Promise<void>;
  /** A phone was proven: the account counts as confirmed (issue 32), like a confirmed address. */
  onPhoneVerified?: (userId: string) => Promise<void>;
}

/** The answer of send-otp, the same whether a code went out or not. */
export const PHONE_CODE_SENT = { message: 'code sent' } as const;

/**
 * Proving a phone by a code sent by SMS (issue 32, decision 067): better-auth's phone-number
 * plugin, on users.phone_number (proven numbers only: a number typed into a profile signs nobody
 * in). Codes of PHONE_CODE_LENGTH digits last PHONE_CODE_MINUTES; PHONE_CODE_TRIES wrong tries
 * burn one. Only the stored form (+8801XXXXXXXXX) is taken (the routes normalise what was typed).
 */
function phoneCodes(sendPhoneCode: NonNullable<AuthHooks['sendPhoneCode']>, onPhoneVerified: AuthHooks['onPhoneVerified']) {
  return phoneNumber({
    otpLength: PHONE_CODE_LENGTH,
    expiresIn: PHONE_CODE_MINUTES * 60,
    allowedAttempts: PHONE_CODE_TRIES,
    phoneNumberValidator: (number) => normalizePhone(number) === number,
    // In the language the asking page is in (the web sends it as Accept-Language).
    sendOTP: ({ phoneNumber: to, code }, ctx) => sendPhoneCode(to, code, langFromAcceptLanguage(ctx?.request?.headers.get('accept-language') ?? undefined)),
    callbackOnVerification: async ({ user }) => {
      await onPhoneVerified?.(user.id);
    },
    // Registration with a phone (POST /users/phone): the account gets a random address that no
    // mail goes to. Only that route creates one (the user.create hook below).
    signUpOnVerification: { getTempEmail: () => `${crypto.randomUUID()}@${PHONE_ONLY_EMAIL_DOMAIN}`, getTempName: () => '' },
  });
}

/** The language an account's mails are written in: the one the user reads (users.locale). */
async function localeOf(db: Db, userId: string): Promise<Lang | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return isLang(row?.locale) ? row.locale : null;
}

export function createAuth(config: Config, db: Db, secret: string, hooks: AuthHooks = {}) {
  const { sendMail, onEmailVerified, onPasswordReset, sendPhoneCode, onPhoneVerified } = hooks;
  return betterAuth({
    appName: 'Blood Donation',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [...config.trustedOrigins, ...config.CORS_ORIGINS],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      // The spec's password rules (6..20 characters) are checked by our registration schema too.
      minPasswordLength: 6,
      maxPasswordLength: 20,
      autoSignIn: true,
      // argon2id in native code off the event loop, instead of scrypt in JavaScript.
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: digest, password }) => verify(digest, password),
      },
      // "Forgot password?" (issue 38): with SMTP_URL, a link to the web's reset page, in the
      // account's language. At most one mail per address every 5 minutes and 5 a day, like the
      // confirmation mails; an unknown address gets no mail and the same answer. A reset ends every
      // session of the account (and so its tokens) and clears its sign-in lock.
      ...(sendMail && {
        resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
        revokeSessionsOnPasswordReset: true,
        sendResetPassword: async ({ user, token }, request) => {
          if (isPhoneOnlyEmail(user.email) || !(await claimAccountMessage(db, secret, 'reset', user.email))) return;
          const lang = (await localeOf(db, user.id)) ?? langFromAcceptLanguage(request?.headers.get('accept-language') ?? undefined);
          const url = `${config.publicUrl}${pathTo('resetPassword')}?token=${encodeURIComponent(token)}`;
          await sendMail('reset', { email: user.email, name: user.name, lang }, url);
        },
        onPasswordReset: async ({ user }) => {
          await onPasswordReset?.({ id: user.id, email: user.email });
        },
      }),
    },
    // With SMTP_URL, a password account gets a link to confirm its address (issue 12 item 9):
    // until then it is not reached by search or alerts. Provider sign-ins arrive verified.
    ...(sendMail && {
      emailVerification: {
        sendOnSignUp: true,
        autoSignInAfterVerification: false,
        // Requests held until their requester confirmed the address (issue 30) send their first wave.
        afterEmailVerification: async (user) => {
          await onEmailVerified?.(user.id);
        },
        // In the language the sign-up asked in (issue 16): the web sends it as Accept-Language.
        // At most one mail per address every 5 minutes and 5 a day, the sign-up's first one
        // included (issue 30); a refused one is skipped silently, so the answer is the same.
        sendVerificationEmail: async ({ user, url }, request) => {
          if (isPhoneOnlyEmail(user.email) || !(await claimVerificationMail(db, secret, user.email))) return;
          await sendMail('verify', { email: user.email, name: user.name, lang: langFromAcceptLanguage(request?.headers.get('accept-language') ?? undefined) }, url);
        },
      },
    }),
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'donner', input: false },
        status: { type: 'string', required: false, defaultValue: 'active', input: false },
        bloodGroup: { type: 'string', required: false, input: true },
        divisionId: { type: 'number', required: false, input: true },
        districtId: { type: 'number', required: false, input: true },
        upazilaId: { type: 'number', required: false, input: true },
        // Written with a proven number (the hook below); never taken from a request, never answered.
        phone: { type: 'string', required: false, input: false, returned: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // Linking a provider to an existing account needs the provider to vouch for the email (a
    // "trusted" provider would link unverified addresses too: an account takeover).
    // better-auth also refuses to link into an account whose own email is unverified; when that is
    // an email+password account, a provider that vouches for the address first reclaims it
    // (email-squatting.ts, docs/decisions/007-email-squatting.md).
    account: { accountLinking: { enabled: true } },
    plugins: [
      genericOAuth({ config: socialProviders(config).map((p) => reclaimingSquattedAccounts(db, p)) }),
      ...(sendPhoneCode ? [phoneCodes(sendPhoneCode, onPhoneVerified)] : []),
    ],
    hooks: {
      // A number is sent at most one code a minute and PHONE_CODES_PER_DAY a day, counted before
      // the plugin stores a new code: a refused ask answers the same and leaves the code already
      // sent working (otherwise anyone could void someone's code by asking again).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/phone-number/send-otp') return;
        const to: unknown = (ctx.body as { phoneNumber?: unknown } | undefined)?.phoneNumber;
        if (typeof to !== 'string' || normalizePhone(to) !== to) return; // the plugin refuses it
        if (!(await claimAccountMessage(db, secret, 'phone-code', to))) return PHONE_CODE_SENT;
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // A phone sign-up takes its name from POST /users/phone, which checked it; a sign-in with
          // a number no account has (POST /auth/phone-number/verify) creates nothing. The proven
          // number is the profile's phone too (users_phone_number_check).
          before: async (data, ctx) => {
            if (typeof data.phoneNumber !== 'string') return undefined;
            const name: unknown = (ctx?.body as { name?: unknown } | undefined)?.name;
            if (ctx?.path !== '/phone-number/verify' || typeof name !== 'string' || name === '') return false;
            return { data: { ...data, name, phone: data.phoneNumber } };
          },
        },
        update: {
          // A proven number is the profile's phone too (users_phone_number_check).
          before: async (data) => (typeof data.phoneNumber === 'string' ? { data: { ...data, phone: data.phoneNumber } } : undefined),
        },
      },
      session: {
        create: {
          // A password sign-in that raced a reclaim (read the password before it, made its session
          // after it) loses that session and fails like a wrong password.
          after: async (session, ctx) => {
            if (ctx?.path === '/sign-in/email' && (await dropSessionWithoutPassword(db, session))) {
              throw APIError.from('UNAUTHORIZED', BASE_ERROR_CODES.INVALID_EMAIL_OR_PASSWORD);
            }
          },
        },
      },
    },
    // Our own per-IP limits apply (plugins/rate-limit.ts); the library's would double count.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: { ipAddress: { ipAddressHeaders: config.TRUST_PROXY ? ['x-forwarded-for'] : [] } },
    logger: { disabled: config.NODE_ENV === 'test' },
    onAPIError: { errorURL: '/login' },
  });
}

export type Auth = ReturnType<typeof createAuth>;
