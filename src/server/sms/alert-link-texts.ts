import { COMPONENT_LABELS, URGENCY_LABELS } from '../../shared/donation-requests/texts';
import { COMPONENT_LABELS_BN, URGENCY_LABELS_BN } from '../../shared/donation-requests/texts.bn';
import type { Urgency } from '../../shared/donation-requests/model';
import { banglaNumber } from '../../shared/i18n/bangla';
import type { Lang } from '../../shared/i18n/model';
import type { BloodComponent } from '../../shared/matching/model';
import { OUTREACH_MESSAGES } from '../../shared/outreach/texts';

// What the page of an alert SMS's short link says (/r/{token}, issue 32), in the donor's language.
// The answers' words are the app's own (the respond page's); terms follow docs/glossary.md.

export interface AlertLinkTexts {
  title: string;
  urgency: Record<Urgency, string>;
  /** "B+ blood needed", "B+ platelets needed". */
  needed(group: string, component: BloodComponent): string;
  units(n: number): string;
  hospital: string;
  place: string;
  when: string;
  stillNeeded: string;
  /** Who answers: the link is the donor's own. */
  answeringAs(name: string, phone: string): string;
  accept: string;
  decline: string;
  pledged: string;
  familyPhone: string;
  pledgedNoPhone: string;
  declined: string;
  notCounted: string;
  answeredAccept: string;
  answeredDecline: string;
  notOpen: string;
  unknownLink: string;
}

export const ALERT_LINK_TEXTS: Record<Lang, AlertLinkTexts> = {
  en: {
    title: OUTREACH_MESSAGES.respondTitle,
    urgency: URGENCY_LABELS,
    needed: (group, component) => `${group} ${component === 'whole_blood' ? 'blood' : COMPONENT_LABELS[component].toLowerCase()} needed`,
    units: (n) => `${n} ${n === 1 ? 'unit' : 'units'}`,
    hospital: 'Hospital',
    place: 'Area',
    when: 'When',
    stillNeeded: 'Still needed',
    answeringAs: (name, phone) => `You answer as ${name} (${phone}).`,
    accept: OUTREACH_MESSAGES.accept,
    decline: OUTREACH_MESSAGES.decline,
    pledged: 'Thank you! Please call the family now.',
    familyPhone: OUTREACH_MESSAGES.familyPhone,
    pledgedNoPhone: OUTREACH_MESSAGES.acceptedFamilyNoPhone,
    declined: OUTREACH_MESSAGES.declined,
    notCounted: 'We could not count your answer: this request may have its donors already, or you cannot give yet. Your dashboard says why.',
    answeredAccept: OUTREACH_MESSAGES.answeredAccept,
    answeredDecline: OUTREACH_MESSAGES.answeredDecline,
    notOpen: OUTREACH_MESSAGES.notOpen,
    unknownLink: 'This link does not work. Check that it is the whole link from the SMS.',
  },
  bn: {
    title: 'আপনি কি রক্ত দিতে পারবেন?',
    urgency: URGENCY_LABELS_BN,
    needed: (group, component) => (component === 'whole_blood' ? `${group} রক্ত প্রয়োজন` : `${group} ${COMPONENT_LABELS_BN[component]} প্রয়োজন`),
    units: (n) => `${banglaNumber(n)} ব্যাগ`,
    hospital: 'হাসপাতাল',
    place: 'এলাকা',
    when: 'কখন',
    stillNeeded: 'আরও প্রয়োজন',
    answeringAs: (name, phone) => `আপনি উত্তর দিচ্ছেন ${name} (${phone}) হিসেবে।`,
    accept: 'হ্যাঁ, আমি রক্ত দিতে পারব',
    decline: 'না, এবার পারব না',
    pledged: 'ধন্যবাদ! এখনই রোগীর পরিবারকে ফোন করুন।',
    familyPhone: 'পরিবারের ফোন নম্বর',
    pledgedNoPhone: 'ধন্যবাদ! পরিবারটি এখন আপনার নাম, ইমেইল আর ফোন নম্বর দেখতে পাবে।',
    declined: 'উত্তর দেওয়ার জন্য ধন্যবাদ। এই অনুরোধ নিয়ে আপনাকে আর জানানো হবে না।',
    notCounted: 'আপনার উত্তরটি নেওয়া গেল না: হয়তো এই অনুরোধে রক্তদাতা পাওয়া গেছে, বা আপনি এখনো রক্ত দিতে পারবেন না। কারণটি আপনার ড্যাশবোর্ডে দেখুন।',
    answeredAccept: 'আপনি রক্ত দেওয়ার অঙ্গীকার করেছেন',
    answeredDecline: 'আপনি এই অনুরোধে না বলেছেন',
    notOpen: 'এই অনুরোধে এখন আর রক্তদাতা খোঁজা হচ্ছে না।',
    unknownLink: 'লিংকটি কাজ করছে না। এসএমএসের পুরো লিংকটি খুলেছেন কি না দেখুন।',
  },
};
