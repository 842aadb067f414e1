// Accounts' API shapes and forms: registration, login, profile, the admins' list, tokens and the
// password reset (issue 38). Roles and limits: model.ts; messages: texts.ts.

import { z } from 'zod';
import { BLOOD_GROUPS, parseSearchBloodGroup } from '../matching/model';
import { isPhoneOnlyEmail, RESET_TOKEN_MAX_LENGTH, ROLES, USER_SEARCH_MAX_LENGTH, USER_STATUSES } from './model';
import { USER_LIST_MESSAGES, USER_MESSAGES } from './texts';
import { IMAGE_PATH_PATTERN } from '../images/model';
import { phoneCodeCheckSchema, phoneInputSchema, requiredPhoneSchema } from '../phone/schemas';
import { calendarDateSchema } from '../dates/schemas';
import { todayInDhaka } from '../dates/model';

export const bloodGroupSchema = z.enum(BLOOD_GROUPS, { error: USER_MESSAGES.bloodGroupRequired });

export const passwordSchema = z
  .string({ error: USER_MESSAGES.passwordRequired })
  .min(1, USER_MESSAGES.passwordRequired)
  .min(6, USER_MESSAGES.passwordMin)
  .max(20, USER_MESSAGES.passwordMax)
  .regex(/[A-Z]/, USER_MESSAGES.passwordPattern)
  .regex(/[a-z]/, USER_MESSAGES.passwordPattern)
  .regex(/\d/, USER_MESSAGES.passwordPattern)
  .regex(/[!@#$&*]/, USER_MESSAGES.passwordPattern);

const emailSchema = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, USER_MESSAGES.emailInvalid)
    .pipe(z.email(USER_MESSAGES.emailInvalid))
    // The phone-only accounts' reserved domain is nobody's address.
    .refine((e) => !isPhoneOnlyEmail(e), USER_MESSAGES.emailInvalid)
    .transform((e) => e.toLowerCase());

export const nameSchema = z
  .string({ error: USER_MESSAGES.nameRequired })
  .trim()
  .min(1, USER_MESSAGES.nameRequired)
  .max(100, USER_MESSAGES.nameTooLong);

/** A location select's value: a positive id (as the form's string, or a number in JSON). */
const locationSelect = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform(String)
    .pipe(z.string().regex(/^[1-9]\d{0,5}$/, message));

/** Our own uploaded image: `/api/images/<uuid>`, or the same path on an absolute URL. */
export const ownImageUrlSchema = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(500, required)
    .refine((v) => IMAGE_PATH_PATTERN.test(v.startsWith('/') ? v : safePath(v)), 'Upload the picture with the picture picker');

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

export const locationFields = {
  division: locationSelect(USER_MESSAGES.divisionRequired),
  district: locationSelect(USER_MESSAGES.districtRequired),
  upazila: locationSelect(USER_MESSAGES.upazilaRequired),
};

/** Registration (spec sections 3, 5): used by the form, the route and the tests. */
export const registerUserSchema = z
  .object({
    name: nameSchema,
    email: emailSchema(USER_MESSAGES.emailRequired),
    avatar: ownImageUrlSchema(USER_MESSAGES.photoRequired),
    blood_group: bloodGroupSchema,
    ...locationFields,
    password: passwordSchema,
    confirm_password: z.string({ error: USER_MESSAGES.passwordMismatch }),
    /** Optional Bangladesh mobile (issue 38), stored as +8801XXXXXXXXX like a profile edit's; '' or null: none. */
    phone: phoneInputSchema.optional(),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: USER_MESSAGES.passwordMismatch,
  });
export type RegisterUserInput = z.input<typeof registerUserSchema>;

/**
 * Registration with a phone and no email (issue 32): the number, the code the SMS brought, and
 * what makes a donor findable. No password: the account signs in with a code each time.
 */
export const phoneRegistrationSchema = phoneCodeCheckSchema.extend({ name: nameSchema, blood_group: bloodGroupSchema, ...locationFields });
export type PhoneRegistrationInput = z.input<typeof phoneRegistrationSchema>;

/** The login form (spec section 5): the server itself only checks the credentials. */
export const loginSchema = z.object({
  email: emailSchema(USER_MESSAGES.loginEmailRequired),
  password: passwordSchema,
});

/** PATCH /users/{email}: the owner's editable fields; email cannot change. */
export const updateProfileSchema = z.object({
  name: nameSchema,
  /** Optional: the old avatar is kept when none is sent. */
  avatar: z.string().trim().max(500).optional(),
  blood_group: bloodGroupSchema,
  ...locationFields,
  email: z.string().optional(),
  /** When the donor last gave blood (not in the future), or '' / null for never. Omitted: kept. */
  lastDonationDate: z
    .union([z.literal('').transform(() => null), z.null(), calendarDateSchema(USER_MESSAGES.lastDonationInFuture).refine((d) => d <= todayInDhaka(), USER_MESSAGES.lastDonationInFuture)])
    .optional(),
  /** The donor's own switch; omitted: kept. */
  available: z.boolean().optional(),
  /** Bangladesh mobile, shown only to people the donor agreed to donate with (issue 15); '' or null clears, omitted keeps. */
  phone: phoneInputSchema.optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** A user as the signed-in owner or an admin sees it: no password, hash or session. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  blood_group: z.enum(BLOOD_GROUPS).nullable(),
  /** Location names, for display. */
  division: z.string().nullable(),
  district: z.string().nullable(),
  upazila: z.string().nullable(),
  /** Location ids, for forms and filters. */
  divisionId: z.string().nullable(),
  districtId: z.string().nullable(),
  upazilaId: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  lastDonationDate: z.string().nullable(),
  available: z.boolean(),
  /** When the donor may give again (null: now); derived from the last donation and its component. */
  nextEligibleDate: z.string().nullable(),
  donationCount: z.number().int(),
  createdAt: z.string(),
  /** Only in the owner's own view. */
  phone: z.string().nullable().optional(),
  /** Only in the owner's own view: the phone was verified by a code sent to it by SMS (issue 32). */
  phoneVerified: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/**
 * GET /users (admin): the spec's list, narrowed by any of these together (issue 38). `q` finds a
 * part of the name or the email, any case, or the whole phone number in any form people type it
 * (phones are never listed, so a part of one finds nobody: no guessing numbers digit by digit).
 */
export const usersListQuerySchema = z.object({
  status: z.enum(USER_STATUSES).optional(),
  role: z.enum(ROLES, { error: USER_LIST_MESSAGES.unknownRole }).optional(),
  /** A group (A%2B), the search's code (AA, ABAB, OO) or A+ sent unencoded; '' is every group. */
  bloodGroup: z
    .string()
    .max(10, USER_LIST_MESSAGES.unknownBloodGroup)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const group = parseSearchBloodGroup(v);
      if (!group) {
        ctx.addIssue({ code: 'custom', message: USER_LIST_MESSAGES.unknownBloodGroup });
        return z.NEVER;
      }
      return group;
    }),
  q: z
    .string()
    .trim()
    .max(USER_SEARCH_MAX_LENGTH, USER_LIST_MESSAGES.searchTooLong)
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
export type UsersListQuery = z.output<typeof usersListQuerySchema>;

/** PATCH /users?status=...&&email=... or PATCH /users?role=...&&email=... (exactly one of them). */
export const changeUserQuerySchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email()),
    status: z.enum(USER_STATUSES).optional(),
    role: z.enum(ROLES).optional(),
  })
  .refine((q) => (q.status === undefined) !== (q.role === undefined), { message: USER_MESSAGES.statusOrRole });

/** `/users/{email}` and the routes under it: an account's email, or (issue 32) its id. */
export const accountParamsSchema = z.object({ email: z.string().trim().min(1).max(254) });

/** POST /jwt: the session's email, or (issue 32) the proven phone of an account without one. */
export const tokenRequestSchema = z.union([z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) }), z.object({ phoneNumber: requiredPhoneSchema })]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;
export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
export const adminCheckSchema = z.object({ admin: z.boolean() });
export type AdminCheck = z.infer<typeof adminCheckSchema>;
/** GET /auth/providers: which social sign-ins this site has set up. */
/** What sign-in offers on this site: the social providers, and (issue 38) a password reset by email (SMTP_URL). */
/** `phone`: SMS is set up (SMS_URL), so phones can be verified by a code (issue 32). */
export const authProvidersSchema = z.object({ google: z.boolean(), github: z.boolean(), passwordReset: z.boolean(), phone: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

// "Forgot password?" (issue 38).

/** POST /api/auth/request-password-reset: the address to send a link to (the answer is the same for any address). */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: USER_MESSAGES.emailRequired })
    .trim()
    .min(1, USER_MESSAGES.emailRequired)
    .max(254, USER_MESSAGES.emailInvalid)
    .pipe(z.email(USER_MESSAGES.emailInvalid))
    .transform((e) => e.toLowerCase()),
});

/** POST /api/auth/reset-password: the link's token and a new password under the registration's rules. */
export const resetPasswordSchema = z.object({
  token: z.string().trim().min(1).max(RESET_TOKEN_MAX_LENGTH),
  newPassword: passwordSchema,
});

/** The reset page's form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirm_password: z.string({ error: USER_MESSAGES.passwordMismatch }) })
  .refine((v) => v.newPassword === v.confirm_password, { path: ['confirm_password'], message: USER_MESSAGES.passwordMismatch });
