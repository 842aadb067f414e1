import { z } from 'zod';
import { RESET_TOKEN_MAX_LENGTH } from './password-reset-rules';
import { passwordSchema, USER_MESSAGES } from './users';

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
