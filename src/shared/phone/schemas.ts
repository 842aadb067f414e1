// A phone as the forms and the API take it (issue 15): the number as typed, stored normalized.

import { z } from 'zod';
import { PHONE_CODE_LENGTH } from '../users/model';
import { asciiDigits, normalizePhone } from './model';
import { PHONE_MESSAGES } from './texts';

/**
 * A phone as typed; stored as +8801XXXXXXXXX. '' or null clears it. One schema rather than a union
 * of '' | null | number: a union that fails reports its first branch ('expected ""'), so a wrong
 * number would not get PHONE_MESSAGES.invalid in the form or in the API's 400.
 */
export const phoneInputSchema = z
  .string({ error: PHONE_MESSAGES.invalid })
  .max(30, PHONE_MESSAGES.invalid)
  .nullable()
  .transform((v, ctx) => {
    if (v === null || v === '') return null;
    const phone = normalizePhone(v);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES.invalid });
      return z.NEVER;
    }
    return phone;
  });

/** A number that must be there (a code is sent to it): as typed, answered in the stored form. */
export const requiredPhoneSchema = z
  .string({ error: PHONE_MESSAGES.invalid })
  .max(30, PHONE_MESSAGES.invalid)
  .transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES.invalid });
      return z.NEVER;
    }
    return phone;
  });

/** POST /auth/phone-number/send-otp (issue 32): a code by SMS to this number. */
export const phoneCodeRequestSchema = z.object({ phoneNumber: requiredPhoneSchema });
export type PhoneCodeRequest = z.input<typeof phoneCodeRequestSchema>;

/** POST /auth/phone-number/verify: the number and the code it was sent (ASCII or Bangla digits). */
export const phoneCodeCheckSchema = z.object({
  phoneNumber: requiredPhoneSchema,
  code: z
    .string({ error: PHONE_MESSAGES.codeInvalid })
    .max(20, PHONE_MESSAGES.codeInvalid)
    .transform((v) => asciiDigits(v).replace(/\s/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), PHONE_MESSAGES.codeInvalid)),
});
export type PhoneCodeCheck = z.input<typeof phoneCodeCheckSchema>;
