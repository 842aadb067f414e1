import { COMPONENT_LABELS } from '../../shared/donation-requests/texts';
import { DONATION_TEXTS } from '../../shared/donations/texts';
import type { Lang } from '../../shared/i18n/model';
import { COMPONENT_LABELS_BN } from '../../shared/donation-requests/texts.bn';
import type { BloodComponent } from '../../shared/matching/model';

// What a donation certificate says, in the language of the person downloading it (issue 16): the
// web client sends its language as Accept-Language. Terms follow docs/glossary.md (সনদ, রক্তদান).

export interface CertificateTexts {
  title: string;
  presented: string;
  component: Record<BloodComponent, string>;
  /** A donation date (YYYY-MM-DD) as printed. */
  date(isoDate: string): string;
  /** The three lines under the name: what was given, where, when. */
  lines(c: { component: string; hospital: string; district: string; date: string }): [string, string, string];
  thanks: string;
  verify: string;
  code(code: string): string;
}

const t = DONATION_TEXTS.pdf;
const bnDate = new Intl.DateTimeFormat('bn-BD', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const CERTIFICATE_TEXTS: Record<Lang, CertificateTexts> = {
  en: {
    title: t.title,
    presented: t.presented,
    component: COMPONENT_LABELS,
    date: (isoDate) => isoDate,
    lines: (c) => [t.gave(c.component), t.at(c.hospital, c.district), t.on(c.date)],
    thanks: t.thanks,
    verify: t.verify,
    code: t.code,
  },
  bn: {
    title: 'রক্তদানের সনদ',
    presented: 'এই মর্মে প্রত্যয়ন করা যাচ্ছে যে',
    component: COMPONENT_LABELS_BN,
    date: (isoDate) => bnDate.format(new Date(`${isoDate}T00:00:00Z`)),
    lines: (c) => [`স্বেচ্ছায় ${c.component} দান করেছেন`, `স্থান: ${c.hospital}, ${c.district}`, `তারিখ: ${c.date}।`],
    thanks: 'রক্ত দিয়ে জীবন বাঁচানোর জন্য আপনাকে আন্তরিক ধন্যবাদ।',
    verify: 'যাচাই করতে স্ক্যান করুন, অথবা এই ঠিকানাটি খুলুন:',
    code: (code) => `সনদ নম্বর: ${code}`,
  },
};
