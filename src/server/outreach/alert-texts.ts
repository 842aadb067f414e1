import type { BloodComponent } from '../../shared/matching/model';
import { COMPONENT_LABELS, URGENCY_LABELS } from '../../shared/donation-requests/texts';
import type { Urgency } from '../../shared/donation-requests/model';
import type { Lang } from '../../shared/i18n/model';
import { COMPONENT_LABELS_BN, URGENCY_LABELS_BN } from '../../shared/donation-requests/texts.bn';
import { OUTREACH_MESSAGES_BN } from '../../shared/outreach/texts.bn';
import { OUTREACH_MESSAGES } from '../../shared/outreach/texts';

// What alert emails and pushes say, in the recipient's language (issue 16): users.locale, which
// the web keeps in step with the language switch. Terms follow docs/glossary.md.

export interface AlertTexts {
  locale: string;
  urgency: Record<Urgency, string>;
  component: Record<BloodComponent, string>;
  /** "B+ blood", "B+ platelets". */
  need(group: string, component: BloodComponent): string;
  neededAt(need: string, hospital: string): string;
  needed(need: string): string;
  hello(name: string): string;
  units(n: number): string;
  /** "DMCH in Dhaka needs B+ blood: 2 units, on Thu, 5 Mar 2026 at 10:00." */
  summary(hospital: string, district: string, need: string, units: string, when: string): string;
  at(date: string, time: string): string;
  facts: { group: string; component: string; units: string; hospital: string; district: string; when: string; urgency: string };
  accept: string;
  decline: string;
  neverPaid: string;
  why(site: string): string;
  turnOff: string;
  verifySubject: string;
  verifyIntro(site: string): string;
  verifyIgnore: string;
  verifyButton: string;
  verifyFallback: string;
  confirm: string;
  /** The password-reset link (issue 38). */
  resetSubject: string;
  resetIntro(site: string, minutes: number): string;
  resetButton: string;
  resetSignsOut: string;
  resetIgnore: string;
}

const bnNumber = new Intl.NumberFormat('bn-BD');

export const ALERT_TEXTS: Record<Lang, AlertTexts> = {
  en: {
    locale: 'en-GB',
    urgency: URGENCY_LABELS,
    component: COMPONENT_LABELS,
    need: (group, component) => `${group} ${component === 'whole_blood' ? 'blood' : COMPONENT_LABELS[component].toLowerCase()}`,
    neededAt: (need, hospital) => `${need} needed at ${hospital}`,
    needed: (need) => `${need} needed`,
    hello: (name) => `Hello ${name},`,
    units: (n) => `${n} ${n === 1 ? 'unit' : 'units'}`,
    summary: (hospital, district, need, units, when) => `${hospital} in ${district} needs ${need}: ${units}, on ${when}.`,
    at: (date, time) => `${date} at ${time}`,
    facts: { group: 'Blood group', component: 'Component', units: 'Units needed', hospital: 'Hospital', district: 'District', when: 'When', urgency: 'Urgency' },
    accept: OUTREACH_MESSAGES.accept,
    decline: OUTREACH_MESSAGES.decline,
    neverPaid: 'Blood must never be paid for. Donating is free: no one may ask you, or the family, for money, and you should never accept any.',
    why: (site) => `You are getting this because you are a donor on ${site} and your blood group can help. Answer only if you are well and can be there in time.`,
    turnOff: 'Turn off email alerts',
    verifySubject: OUTREACH_MESSAGES.verifyEmailSubject,
    verifyIntro: (site) => `Please confirm that this is your email address, so that ${site} can alert you when someone near you needs blood.`,
    verifyIgnore: 'If you did not sign up, ignore this email: nothing will be sent to this address.',
    verifyButton: 'Confirm my email address',
    verifyFallback: 'If the button does not work, open this link:',
    confirm: 'Confirm',
    resetSubject: 'Reset your password',
    resetIntro: (site, minutes) => `Someone asked to reset the password of your account on ${site}. To choose a new password, open this link within ${minutes} minutes.`,
    resetButton: 'Choose a new password',
    resetSignsOut: 'Once the new password is set, every device signed in to your account is logged out.',
    resetIgnore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  },
  bn: {
    locale: 'bn-BD',
    urgency: URGENCY_LABELS_BN,
    component: COMPONENT_LABELS_BN,
    need: (group, component) => (component === 'whole_blood' ? `${group} রক্ত` : `${group} ${COMPONENT_LABELS_BN[component]}`),
    neededAt: (need, hospital) => `${hospital}-এ ${need} প্রয়োজন`,
    needed: (need) => `${need} প্রয়োজন`,
    hello: (name) => `প্রিয় ${name},`,
    units: (n) => `${bnNumber.format(n)} ব্যাগ`,
    summary: (hospital, district, need, units, when) => `${district}-এর ${hospital}-এ ${need} প্রয়োজন: ${units}, ${when}।`,
    at: (date, time) => `${date}, ${time}`,
    facts: { group: 'রক্তের গ্রুপ', component: 'উপাদান', units: 'কত ব্যাগ', hospital: 'হাসপাতাল', district: 'জেলা', when: 'কখন', urgency: 'জরুরি অবস্থা' },
    accept: OUTREACH_MESSAGES_BN.accept,
    decline: OUTREACH_MESSAGES_BN.decline,
    neverPaid: 'রক্ত কখনো টাকা দিয়ে কেনাবেচা হয় না। রক্তদান বিনামূল্যে: আপনার বা রোগীর পরিবারের কাছে কেউ টাকা চাইতে পারবেন না, আর আপনিও কখনো টাকা নেবেন না।',
    why: (site) => `আপনি ${site}-এর একজন রক্তদাতা এবং আপনার রক্তের গ্রুপ এই রোগীর কাজে আসতে পারে, তাই এই বার্তা পাচ্ছেন। শুধু সুস্থ থাকলে এবং সময়মতো পৌঁছাতে পারলে তবেই সাড়া দিন।`,
    turnOff: 'ইমেইলে সতর্কবার্তা বন্ধ করুন',
    verifySubject: OUTREACH_MESSAGES_BN.verifyEmailSubject,
    verifyIntro: (site) => `এটি যে আপনারই ইমেইল ঠিকানা, তা নিশ্চিত করুন, যাতে আপনার কাছাকাছি কারও রক্ত লাগলে ${site} আপনাকে জানাতে পারে।`,
    verifyIgnore: 'আপনি নিবন্ধন না করে থাকলে এই ইমেইলটি উপেক্ষা করুন: এই ঠিকানায় আর কিছু পাঠানো হবে না।',
    verifyButton: 'আমার ইমেইল ঠিকানা নিশ্চিত করুন',
    verifyFallback: 'বোতামটি কাজ না করলে এই লিংকটি খুলুন:',
    confirm: 'নিশ্চিত করুন',
    resetSubject: 'আপনার পাসওয়ার্ড নতুন করে দিন',
    resetIntro: (site, minutes) =>
      `${site}-এ আপনার অ্যাকাউন্টের পাসওয়ার্ড নতুন করে দেওয়ার অনুরোধ এসেছে। নতুন পাসওয়ার্ড বেছে নিতে ${bnNumber.format(minutes)} মিনিটের মধ্যে এই লিংকটি খুলুন।`,
    resetButton: 'নতুন পাসওয়ার্ড বেছে নিন',
    resetSignsOut: 'নতুন পাসওয়ার্ড দেওয়ার পর আপনার অ্যাকাউন্টে লগইন করা সব ডিভাইস থেকে লগআউট হয়ে যাবে।',
    resetIgnore: 'আপনি এই অনুরোধ না করে থাকলে ইমেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।',
  },
};
