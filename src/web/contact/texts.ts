import { i18n, plural } from '../i18n';

// The operator's pages and the contact form's messages in English (issue 38): the privacy policy
// and terms of use (the site's default text, replaced by the operator's file when there is one)
// and the staff's list of messages. The Bangla catalogue is src/web/contact/texts.bn.ts.

const PRIVACY_BODY = `## What we store

- Your account: your name, email, blood group, division, district and upazila, your photo if you add one, the date of your last donation, your phone number if you give it, and your language and alert settings. Your password is stored only as a one-way hash.
- The requests you post: the patient's name and blood group, the hospital and its address, when the blood is needed, your message and a contact phone if you give one.
- Your pledges and donations: which requests you pledged to and when, your donation history and its certificates.
- Alerts: the notifications we send you and, for push alerts, your browser's subscription address.
- Messages sent with the contact form: the name, email and message you write. They are not tied to an account.
- Sign-in sessions (with the address and browser they came from), and, for staff actions and phone numbers shown, the address they came from.

## Who sees it

- Everyone: pending requests on the public list (the patient's name, blood group, area and date; never the hospital, the address, who asked or a phone), and donors found by the donor search (name, photo, blood group and area; the email is hidden from visitors who are not signed in).
- Signed-in users: a request's details, including who asked for the blood.
- Phone numbers only with consent: the family sees the phone of a donor who pledged to their request, and the donors who pledged see the family's contact phone. Volunteers and admins never see phone numbers.
- Volunteers and admins: the requests and reports, and the messages sent with the contact form, with the sender's email, so they can reply. Admins also see the list of users and the record of staff actions.
- We do not sell your data or give it to anyone else.

## Your choices

- Download everything we hold about you from your profile (Download my data).
- Delete your account from your profile: your personal details are erased at once; your requests and pledges stay as "Deleted user" so other people's records still make sense. Contact messages are not part of an account: write to us to have one removed.
- Turn email or push alerts off, or set quiet hours and a weekly limit, in your notification settings.

## Cookies

We use a cookie to keep you signed in and one to remember your language. There are no advertising or tracking cookies.`;

const TERMS_BODY = `## Using this site

- This site connects blood donors with people who need blood. It is free for everyone.
- Blood is never paid for. Never pay or ask for money for blood, or for putting someone in touch with a donor. Report any request that asks for money.
- Post only real requests, for a real patient, with true details, and mark them done or cancel them when the need is met.
- Pledge only when you can donate: you are healthy, enough time has passed since your last donation, and you can reach the hospital in time. The blood bank checks every donor before a donation; this site gives no medical advice.
- Use other people's contact details only to arrange a donation: no advertising, no selling, no harassment.

## Moderation

- Volunteers and admins may hide or remove requests and block accounts that break these rules.

## No guarantee

- The site is run by volunteers and offered as it is. We cannot promise that a donor will be found or will come. When a patient needs blood, also contact the hospital's blood bank.`;

export const CONTACT_TEXTS = {
  /** /privacy: the site's own text, unless the operator set SITE_PRIVACY_FILE. */
  'contact/privacy': { title: 'Privacy policy', body: PRIVACY_BODY },
  /** /terms: the site's own text, unless the operator set SITE_TERMS_FILE. */
  'contact/terms': { title: 'Terms of use', body: TERMS_BODY },
  'contact/legal': {
    loading: 'Loading…',
  },
  /** /dashboard/contactMessages: messages sent with the home page's contact form (staff). */
  'contact/messages': {
    pageTitle: 'Messages',
    pageIntro: 'Messages sent with the contact form on the home page, newest first. Reply to the sender by email, then mark the message handled.',
    loading: 'Loading the messages…',
    // "Could not load {what}: {reason}" (the shared error state).
    what: 'the messages',
    empty: 'No messages yet.',
    from: 'From',
    received: 'Received',
    reply: 'Reply by email',
    markHandled: 'Mark handled',
    handled: 'Handled',
    marked: 'Marked handled',
    pagesLabel: 'Pages of messages',
    total: plural({ one: '{count} message', other: '{count} messages' }),
  },
};

export const privacyPageText = i18n('contact/privacy', CONTACT_TEXTS['contact/privacy']);
export const termsPageText = i18n('contact/terms', CONTACT_TEXTS['contact/terms']);
export const legalText = i18n('contact/legal', CONTACT_TEXTS['contact/legal']);
export const messagesText = i18n('contact/messages', CONTACT_TEXTS['contact/messages']);
