// SITE_HELPLINE's accepted forms (issue 38). Zod-free: config.ts and the tests use it.
import { normalizePhone } from './phone';

/** The helpline as shown and as dialled. */
export interface Helpline {
  display: string;
  tel: string;
}

/**
 * SITE_HELPLINE as the operator writes it: a Bangladesh mobile (01712345678, +880 1712-345678), a
 * landline with its area code (02-9661551, +880 31 123456) or a short code (16263, 999, 10655).
 * Null when it is none of these.
 */
export function parseHelpline(input: string): Helpline | null {
  const compact = input.replace(/[\s\-().]/g, '');
  if (/^(?:1\d{2,4}|999)$/.test(compact)) return { display: compact, tel: compact };
  const mobile = normalizePhone(compact);
  if (mobile) return { display: `+880 ${mobile.slice(4, 8)}-${mobile.slice(8)}`, tel: mobile };
  const landline = /^(?:\+?880|0)([2-9]\d{6,9})$/.exec(compact);
  if (landline) return { display: `+880 ${landline[1]}`, tel: `+880${landline[1]}` };
  return null;
}
