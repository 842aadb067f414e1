// A phone as the forms and the API take it (issue 15): the number as typed, stored normalized.

import { z } from 'zod';
import { normalizePhone } from './model';
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
