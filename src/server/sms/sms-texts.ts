import { COMPONENT_LABELS, URGENCY_LABELS } from '../../shared/donation-requests/texts';
import { COMPONENT_LABELS_BN, URGENCY_LABELS_BN } from '../../shared/donation-requests/texts.bn';
import type { Urgency } from '../../shared/donation-requests/model';
import { banglaNumber } from '../../shared/i18n/bangla';
import type { Lang } from '../../shared/i18n/model';
import type { BloodComponent } from '../../shared/matching/model';
import { PHONE_CODE_MINUTES } from '../../shared/users/model';
import { dialable, fitPart, fitPlaces, fitToSegments, shorten, smsDay, smsLine, smsTime } from './alert-sms';


// What the site's SMS say, in the recipient's language (issue 32). An alert and a pledge's
// confirmation take at most 1 segment in English (GSM) and 2 in Bangla (UCS-2), the others 1 in
// both (alert-sms.test.ts and sms-texts.test.ts measure them). The words are the alert emails'
// (outreach/alert-texts.ts, built on the same labels), the code and link stay ASCII in Bangla so
// that any phone can type them back, and the family's number stays ASCII so that a tap calls it.

/** `render(part)` in one segment, `part` shortened as needed (a notice's hospital: issue 33). */
const fitOne = (render: (part: string) => string, part: string): string => fitToSegments(render, part, 1) ?? render(shorten(part, 0));

export interface SmsAlert {
  bloodGroup: string;
  component: BloodComponent;
  units: number;
  hospital: string;
  upazila: string;
  /** The request's date, "YYYY-MM-DD" (shown as "Thu 5 Mar"). */
  day: string;
  /** "HH:MM", Dhaka time. */
  time: string;
  urgency: Urgency;
  /** The alert's 4-character reply code (replies.ts). */
  replyCode: string;
  /** The short link, e.g. https://blood.example.org/r/Ab3dE9xQ. */
  link: string;
}

export interface SmsPledge {
  /** The family's phone (+8801XXXXXXXXX), shown as it is dialled: 01XXXXXXXXX. */
  familyPhone: string;
  hospital: string;
  /** "YYYY-MM-DD". */
  day: string;
  /** "HH:MM". */
  time: string;
}

export interface SmsTexts {
  /** The code that proves a phone: the code first, so a phone's preview shows it. */
  phoneCode(code: string): string;
  /** A request alert; the hospital (then the upazila) is shortened to fit. */
  alert(a: SmsAlert): string;
  /** The answer to a reply "1": the family's phone, where and when, and how to check in. */
  pledgeConfirmed(p: SmsPledge): string;
  /** The answer to a reply "1" when the family gave no phone: the family sees the donor's. */
  pledgeConfirmedNoPhone(p: Omit<SmsPledge, 'familyPhone'>): string;
  declineConfirmed(): string;
  /** The answer to a reply the app could not take (the request has its donors, or the donor cannot give yet). */
  notCounted(): string;
  /** The answers to "3" and "4" (issue 33): the family sees it. */
  onTheWay(): string;
  arrived(): string;
  /** The answer to a check-in the app could not take (the request is closed, or the pledge's outcome is recorded). */
  checkinNotCounted(): string;
  /** After a donation (issue 33): the donor's thank-you; the hospital is shortened to fit. */
  thanks(hospital: string): string;
  /** On the donor's next eligible day (issue 33). */
  eligibleAgain(): string;
  /** "Still coming?" before the request's time (issue 33): 1 CODE yes, 2 CODE withdraws. */
  reminder(r: { hospital: string; time: string; replyCode: string }): string;
  /** The answer to a reminder's 1: the family expects them. */
  stillComing(): string;
  /** The answer to a reminder's 2: the pledge is withdrawn. */
  pledgeWithdrawn(): string;
  /** The answer to STOP: SMS alerts off, and how to turn them back on. */
  stopped(): string;
  started(): string;
  /** The answer to a reply it cannot read (or with an unknown code), at most once a day. */
  help(): string;
}

const urgent = (label: string, urgency: Urgency) => (urgency === 'normal' ? '' : `${label}: `);
/** How a pledged donor checks in by SMS (issue 33): a bare 3 or 4 is about their latest pledge (inbound.ts). */
const CHECKIN_EN = 'Reply 3 on your way, 4 when there.';
const CHECKIN_BN = 'রওনা দিলে 3, পৌঁছালে 4 পাঠান।';

export const SMS_TEXTS: Record<Lang, SmsTexts> = {
  en: {
    phoneCode: (code) => `${code} is your Blood Donation code. It expires in ${PHONE_CODE_MINUTES} minutes. Never share it.`,
    alert: (a) => {
      const need = `${a.bloodGroup} ${a.component === 'whole_blood' ? 'blood' : COMPONENT_LABELS[a.component].toLowerCase()}`;
      const head = `${urgent(URGENCY_LABELS[a.urgency].toUpperCase(), a.urgency)}${need}, ${a.units} ${a.units === 1 ? 'unit' : 'units'}`;
      const when = `${smsDay(a.day, 'en')} ${smsTime(a.time, 'en')}`;
      const tail = `Reply 1 ${a.replyCode} to give, 2 ${a.replyCode} if not. ${a.link}`;
      return fitPlaces((h, u) => smsLine(`${head}, at ${h}${u && `, ${u}`}, ${when}.`) + ` ${tail}`, smsLine(a.hospital), smsLine(a.upazila));
    },
    pledgeConfirmed: (p) => {
      const when = `${smsDay(p.day, 'en')} ${smsTime(p.time, 'en')}`;
      return fitPart((h) => `Thank you! Please call the family now on ${dialable(p.familyPhone)}. Be at ${h}, ${when}. ${CHECKIN_EN}`, smsLine(p.hospital));
    },
    pledgeConfirmedNoPhone: (p) => {
      const when = `${smsDay(p.day, 'en')} ${smsTime(p.time, 'en')}`;
      return fitPart((h) => `Thank you! The family now sees your phone and will call you. Be at ${h}, ${when}. ${CHECKIN_EN}`, smsLine(p.hospital));
    },
    declineConfirmed: () => 'Thank you for answering. We will not count on you for this one, and will ask you again next time.',
    notCounted: () => 'Thank you! We could not count your answer: this request may have its donors already, or you cannot give yet. Your dashboard says why.',
    onTheWay: () => 'Thank you! The family can see that you are on the way.',
    arrived: () => 'Thank you! The family can see that you have arrived. Tell the blood bank who you are giving for.',
    checkinNotCounted: () => 'We could not note that: this request is closed, or what happened to your pledge is already recorded.',
    thanks: (hospital) => fitOne((h) => `Thank you! Your blood reached ${h}. We will tell you when you can give again.`, smsLine(hospital)),
    eligibleAgain: () => 'You can give blood again from today. We will tell you when someone near you needs your blood group. Thank you for being a donor.',
    reminder: (r) => fitOne((h) => `Still coming to give blood at ${h} at ${smsTime(r.time, 'en')}? Reply 1 ${r.replyCode} yes, 2 ${r.replyCode} if you cannot.`, smsLine(r.hospital)),
    stillComing: () => 'Thank you! The family is expecting you. Reply 3 when you are on your way, 4 when you are there.',
    pledgeWithdrawn: () => 'Your pledge is withdrawn; we are looking for another donor. Thank you for telling us.',
    stopped: () => 'SMS alerts are off: we will not text you about requests. To turn them back on, reply START.',
    started: () => 'SMS alerts are on: we will text you when someone near you needs your blood group. To stop them, reply STOP.',
    help: () => 'To answer an alert, reply 1 CODE if you can give, 2 CODE if not (the CODE is in the alert). Reply STOP to turn SMS alerts off.',
  },
  bn: {
    phoneCode: (code) => `${code} আপনার ব্লাড ডোনেশন কোড। ${banglaNumber(PHONE_CODE_MINUTES)} মিনিটে মেয়াদ শেষ। কাউকে বলবেন না।`,
    alert: (a) => {
      const need = a.component === 'whole_blood' ? `${a.bloodGroup} রক্ত` : `${a.bloodGroup} ${COMPONENT_LABELS_BN[a.component]}`;
      const head = `${urgent(URGENCY_LABELS_BN[a.urgency], a.urgency)}${banglaNumber(a.units)} ব্যাগ ${need}`;
      const when = `${smsDay(a.day, 'bn')} ${smsTime(a.time, 'bn')}`;
      const tail = `উত্তর: 1 ${a.replyCode} হ্যাঁ, 2 ${a.replyCode} না। ${a.link}`;
      return fitPlaces((h, u) => smsLine(`${head}, ${h}${u && `, ${u}`}, ${when}।`) + ` ${tail}`, smsLine(a.hospital), smsLine(a.upazila));
    },
    pledgeConfirmed: (p) => {
      const when = `${smsDay(p.day, 'bn')} ${smsTime(p.time, 'bn')}`;
      return fitPart((h) => `ধন্যবাদ! এখনই রোগীর পরিবারকে ফোন করুন: ${dialable(p.familyPhone)}। ${h}, ${when}। ${CHECKIN_BN}`, smsLine(p.hospital));
    },
    pledgeConfirmedNoPhone: (p) => {
      const when = `${smsDay(p.day, 'bn')} ${smsTime(p.time, 'bn')}`;
      return fitPart((h) => `ধন্যবাদ! পরিবার আপনার ফোন নম্বর পেয়েছে, তারা ফোন করবে। ${h}, ${when}। ${CHECKIN_BN}`, smsLine(p.hospital));
    },
    declineConfirmed: () => 'জানানোর জন্য ধন্যবাদ। এবার আপনার অপেক্ষায় থাকা হবে না।',
    notCounted: () => 'ধন্যবাদ! উত্তরটি নেওয়া গেল না: হয়তো দাতা পাওয়া গেছে।',
    onTheWay: () => 'ধন্যবাদ! পরিবার দেখছে আপনি আসছেন।',
    arrived: () => 'ধন্যবাদ! পরিবার দেখছে আপনি পৌঁছেছেন।',
    checkinNotCounted: () => 'লেখা গেল না: অনুরোধটি বন্ধ, বা ফল আগেই লেখা হয়েছে।',
    thanks: (hospital) => fitOne((h) => `ধন্যবাদ! আপনার রক্ত ${h}-এ পৌঁছেছে।`, smsLine(hospital)),
    eligibleAgain: () => 'আজ থেকে আবার রক্ত দিতে পারবেন। কাছে কারও লাগলে জানাব। ধন্যবাদ!',
    reminder: (r) => fitOne((h) => `${h}-এ ${smsTime(r.time, 'bn')} আসছেন? 1 ${r.replyCode} হ্যাঁ, 2 ${r.replyCode} না`, smsLine(r.hospital)),
    stillComing: () => 'ধন্যবাদ! পরিবার আপনার অপেক্ষায়। রওনা দিলে 3, পৌঁছালে 4 পাঠান।',
    pledgeWithdrawn: () => 'অঙ্গীকার ফেরত নেওয়া হলো; অন্য দাতা খোঁজা হচ্ছে। ধন্যবাদ।',
    stopped: () => 'এসএমএস সতর্কবার্তা বন্ধ হয়েছে। আবার চালু করতে START পাঠান।',
    started: () => 'এসএমএস সতর্কবার্তা চালু হয়েছে। বন্ধ করতে STOP পাঠান।',
    help: () => 'উত্তর দিতে পাঠান: 1 কোড (দিতে পারলে) বা 2 কোড (না পারলে)। বন্ধ: STOP',
  },
};
