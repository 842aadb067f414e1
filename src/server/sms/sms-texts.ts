import { banglaNumber } from '../../shared/i18n/bangla';
import type { Lang } from '../../shared/i18n/model';
import { PHONE_CODE_MINUTES } from '../../shared/users/model';

// What the site's SMS say, in the recipient's language (issue 32). Each fits one segment in
// English and in Bangla (segments.test.ts measures them).

export interface SmsTexts {
  /** The code that proves a phone: the code first, so a phone's preview shows it. */
  phoneCode(code: string): string;
}

export const SMS_TEXTS: Record<Lang, SmsTexts> = {
  en: {
    phoneCode: (code) => `${code} is your Blood Donation code. It expires in ${PHONE_CODE_MINUTES} minutes. Never share it.`,
  },
  bn: {
    phoneCode: (code) => `${code} আপনার ব্লাড ডোনেশন কোড। ${banglaNumber(PHONE_CODE_MINUTES)} মিনিটে মেয়াদ শেষ। কাউকে বলবেন না।`,
  },
};
