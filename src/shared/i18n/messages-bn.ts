// The API's and the forms' messages in Bangla (issue 16): `message` (and each issue's) in the one
// error shape, for callers whose Accept-Language puts Bangla first, and the same schemas' messages
// under a form's fields. Each message is a constant of its feature's texts.ts (its id: the table
// and the key, `DONATION_MESSAGES.expired`), and its Bangla is the same key of the table beside it
// in texts.bn.ts (`DONATION_MESSAGES_BN.expired`): a message is written once, in English, where it
// is raised, and found here by the constant it came from. src/server/plugins/error-language.test.ts
// fails when a message the server can send has no Bangla. The web loads this module only in
// Bangla mode. Terms follow docs/glossary.md.

import { API_MESSAGES, CLIENT_MESSAGES } from '../api/texts';
import { API_MESSAGES_BN, CLIENT_MESSAGES_BN } from '../api/texts.bn';
import { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES, USER_LIST_MESSAGES, USER_MESSAGES } from '../users/texts';
import { AUTH_MESSAGES_BN, PASSWORD_RESET_MESSAGES_BN, USER_LIST_MESSAGES_BN, USER_MESSAGES_BN } from '../users/texts.bn';
import { LOCATION_MESSAGES } from '../locations/texts';
import { LOCATION_MESSAGES_BN } from '../locations/texts.bn';
import { COMPONENT_LABELS, DEFERRAL_REASON_LABELS, DONATION_MESSAGES, PLEDGE_MESSAGES, PLEDGE_STATE_LABELS, STATUS_LABELS, URGENCY_LABELS } from '../donation-requests/texts';
import { COMPONENT_LABELS_BN, DEFERRAL_REASON_LABELS_BN, DONATION_MESSAGES_BN, PLEDGE_MESSAGES_BN, PLEDGE_STATE_LABELS_BN, STATUS_LABELS_BN, URGENCY_LABELS_BN } from '../donation-requests/texts.bn';
import { OUTREACH_MESSAGES } from '../outreach/texts';
import { OUTREACH_MESSAGES_BN } from '../outreach/texts.bn';
import { NOTIFICATION_MESSAGES, PUSH_SERVICE_MESSAGES } from '../notifications/texts';
import { NOTIFICATION_MESSAGES_BN, PUSH_SERVICE_MESSAGES_BN } from '../notifications/texts.bn';
import { BLOG_CONTENT_MESSAGES, BLOG_MESSAGES } from '../blogs/texts';
import { BLOG_CONTENT_MESSAGES_BN, BLOG_MESSAGES_BN } from '../blogs/texts.bn';
import { IMAGE_MESSAGES } from '../images/texts';
import { IMAGE_MESSAGES_BN } from '../images/texts.bn';
import { FUNDING_MESSAGES } from '../funding/texts';
import { FUNDING_MESSAGES_BN } from '../funding/texts.bn';
import { SEARCH_MESSAGES } from '../search/texts';
import { SEARCH_MESSAGES_BN } from '../search/texts.bn';
import { INSIGHT_MESSAGES } from '../insight/texts';
import { INSIGHT_MESSAGES_BN } from '../insight/texts.bn';
import { AUDIT_MESSAGES } from '../audit/texts';
import { AUDIT_MESSAGES_BN } from '../audit/texts.bn';
import { REPORT_MESSAGES, REPORT_TEXTS } from '../reports/texts';
import { REPORT_MESSAGES_BN, REPORT_TEXTS_BN } from '../reports/texts.bn';
import { CERTIFICATE_MESSAGES, DONATION_TEXTS } from '../donations/texts';
import { CERTIFICATE_MESSAGES_BN, DONATION_TEXTS_BN } from '../donations/texts.bn';
import { PRIVACY_MESSAGES, PRIVACY_TEXTS } from '../privacy/texts';
import { PRIVACY_MESSAGES_BN, PRIVACY_TEXTS_BN } from '../privacy/texts.bn';
import { CONTACT_MESSAGES } from '../contact/texts';
import { CONTACT_MESSAGES_BN } from '../contact/texts.bn';
import { PHONE_MESSAGES } from '../phone/texts';
import { PHONE_MESSAGES_BN } from '../phone/texts.bn';

type Table = Readonly<Record<string, unknown>>;

/** Every message table, English and Bangla: a key of the Bangla table is the same message in the English one. */
export const MESSAGE_TABLES: readonly (readonly [Table, Table])[] = [
  [API_MESSAGES, API_MESSAGES_BN],
  [CLIENT_MESSAGES, CLIENT_MESSAGES_BN],
  [AUTH_MESSAGES, AUTH_MESSAGES_BN],
  [USER_MESSAGES, USER_MESSAGES_BN],
  [USER_LIST_MESSAGES, USER_LIST_MESSAGES_BN],
  [PASSWORD_RESET_MESSAGES, PASSWORD_RESET_MESSAGES_BN],
  [LOCATION_MESSAGES, LOCATION_MESSAGES_BN],
  [DONATION_MESSAGES, DONATION_MESSAGES_BN],
  [URGENCY_LABELS, URGENCY_LABELS_BN],
  [COMPONENT_LABELS, COMPONENT_LABELS_BN],
  [STATUS_LABELS, STATUS_LABELS_BN],
  [PLEDGE_MESSAGES, PLEDGE_MESSAGES_BN],
  [PLEDGE_STATE_LABELS, PLEDGE_STATE_LABELS_BN],
  [DEFERRAL_REASON_LABELS, DEFERRAL_REASON_LABELS_BN],
  [OUTREACH_MESSAGES, OUTREACH_MESSAGES_BN],
  [NOTIFICATION_MESSAGES, NOTIFICATION_MESSAGES_BN],
  [PUSH_SERVICE_MESSAGES, PUSH_SERVICE_MESSAGES_BN],
  [BLOG_MESSAGES, BLOG_MESSAGES_BN],
  [BLOG_CONTENT_MESSAGES, BLOG_CONTENT_MESSAGES_BN],
  [IMAGE_MESSAGES, IMAGE_MESSAGES_BN],
  [FUNDING_MESSAGES, FUNDING_MESSAGES_BN],
  [SEARCH_MESSAGES, SEARCH_MESSAGES_BN],
  [INSIGHT_MESSAGES, INSIGHT_MESSAGES_BN],
  [AUDIT_MESSAGES, AUDIT_MESSAGES_BN],
  [REPORT_TEXTS, REPORT_TEXTS_BN],
  [REPORT_MESSAGES, REPORT_MESSAGES_BN],
  [DONATION_TEXTS, DONATION_TEXTS_BN],
  [CERTIFICATE_MESSAGES, CERTIFICATE_MESSAGES_BN],
  [PRIVACY_TEXTS, PRIVACY_TEXTS_BN],
  [PRIVACY_MESSAGES, PRIVACY_MESSAGES_BN],
  [CONTACT_MESSAGES, CONTACT_MESSAGES_BN],
  [PHONE_MESSAGES, PHONE_MESSAGES_BN],
];

/** The Bangla of every plain message, by the English text its constant holds (a text shared by two constants has one Bangla: messages-bn.test.ts). */
const EXACT = new Map<string, string>();
for (const [english, bangla] of MESSAGE_TABLES) {
  for (const [key, text] of Object.entries(bangla)) {
    const en = english[key];
    if (typeof en === 'string' && typeof text === 'string' && !EXACT.has(en)) EXACT.set(en, text);
  }
}

/**
 * The templated messages: the shape of the English a constant's function writes, and the Bangla
 * function of the same key, given the values read back from it.
 */
const TEMPLATES: [RegExp, (...values: string[]) => string][] = [
  [/^This account is already (admin|volunteer|donner|active|blocked)$/, (value) => (value === 'active' || value === 'blocked' ? USER_MESSAGES_BN.alreadyStatus(value) : USER_MESSAGES_BN.alreadyRole(value))],
  [/^At most (\d+) characters$/, (max) => API_MESSAGES_BN.atMostCharacters(Number(max))],
  [/^At most (\d+) days$/, (max) => API_MESSAGES_BN.atMostDays(Number(max))],
  [/^At most (\d+)$/, (max) => API_MESSAGES_BN.atMost(Number(max))],
  [/^One of (.+)$/, (list) => API_MESSAGES_BN.oneOf(list)],
  [/^Too many requests: try again in (\d+) seconds$/, (seconds) => API_MESSAGES_BN.tooManyRequests(Number(seconds))],
  [
    /^Too many failed sign-ins for this account: try again in (\d+) minutes?, or sign in from a device you have used before\.$/,
    (minutes) => USER_MESSAGES_BN.signInLocked(Number(minutes)),
  ],
  [
    /^You can create at most (\d+) requests in 24 hours\. Please wait, or ask a volunteer to post an urgent one for you\.$/,
    (perDay) => REPORT_TEXTS_BN.tooManyRequests(Number(perDay)),
  ],
  [/^You can withdraw at most (\d+) pledges in 24 hours$/, (perDay) => DONATION_MESSAGES_BN.tooManyWithdrawals(Number(perDay))],
  [
    /^You can send at most (\d+) reports in 24 hours\. Please wait before reporting more requests\.$/,
    (perDay) => REPORT_TEXTS_BN.tooManyReports(Number(perDay)),
  ],
  [/^Route (\w+) (.+) not found$/, (method, path) => API_MESSAGES_BN.routeNotFound(method, path)],
];

/** An English message in Bangla; one without a translation stays English. */
export function messageInBangla(message: string): string {
  const exact = EXACT.get(message);
  if (exact !== undefined) return exact;
  for (const [pattern, bangla] of TEMPLATES) {
    const match = pattern.exec(message);
    if (match) return bangla(...match.slice(1));
  }
  return message;
}
