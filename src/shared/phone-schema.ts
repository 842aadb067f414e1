import { z } from 'zod';
import { normalizePhone, PHONE_MESSAGES } from './phone';

/** A phone as typed; stored as +8801XXXXXXXXX. '' or null clears it. */
export const phoneInputSchema = z.union([
  z.literal('').transform(() => null),
  z.null(),
  z
    .string()
    .max(30, PHONE_MESSAGES.invalid)
    .transform((v, ctx) => {
      const phone = normalizePhone(v);
      if (phone === null) {
        ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES.invalid });
        return z.NEVER;
      }
      return phone;
    }),
]);
