import type { BloodComponent } from '../../shared/matching/model';
import type { Urgency } from '../../shared/donation-requests/model';
import type { Lang } from '../../shared/i18n/model';
import { RESET_LINK_MINUTES } from '../../shared/users/model';
import { ALERT_TEXTS } from './alert-texts';
import { escapeHtml } from '../lib/html';

// The emails of issue 15, as pure functions: plain text for every client, and simple HTML
// (no tables, inline styles, one narrow column) that reads well on a phone. Hospital names and
// people's names are user input: every value is escaped in the HTML, and line breaks in a value are
// flattened so that a value cannot add lines of its own (a fake link, a fake notice) to either part.
// Each is written in the recipient's language (alert-texts.ts).

export interface AlertMailInput {
  donorName: string;
  request: {
    bloodGroup: string;
    component: BloodComponent;
    unitsNeeded: number;
    hospitalName: string;
    district: string;
    donationDate: string;
    donationTime: string;
    urgency: Urgency;
  };
  acceptUrl: string;
  declineUrl: string;
  unsubscribePageUrl: string;
  oneClickUnsubscribeUrl: string;
  siteName: string;
  /** The recipient's language; English when absent. */
  lang?: Lang;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** One line of text: control characters and line breaks become single spaces. */
const oneLine = (value: string) =>
  value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "2026-03-05" -> "Thu, 5 Mar 2026" (Bangla: "বৃহস্পতি, ৫ মার্চ, ২০২৬"); anything else is shown as it is. */
function readableDate(date: string, locale: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(d.getTime())) return date;
  let format = dayFormats.get(locale);
  if (!format) dayFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })));
  return format.format(d);
}

/** "14:30" in the language's digits. */
const readableTime = (time: string, locale: string) => (locale === 'en-GB' ? time : time.replace(/\d/g, (d) => new Intl.NumberFormat(locale).format(Number(d))));

const STYLE = {
  body: 'margin:0;padding:0;background:#f4f4f5;',
  column:
    'max-width:560px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;background:#ffffff;',
  heading: 'font-size:22px;line-height:1.3;margin:0 0 16px;color:#991b1b;',
  badge: 'display:inline-block;padding:2px 10px;border-radius:12px;background:#991b1b;color:#ffffff;font-weight:bold;font-size:14px;',
  facts: 'list-style:none;margin:16px 0;padding:12px 16px;border-left:4px solid #991b1b;background:#fef2f2;',
  fact: 'margin:4px 0;',
  primary:
    'display:block;margin:20px 0 12px;padding:14px 16px;border-radius:8px;background:#b91c1c;color:#ffffff;text-align:center;font-weight:bold;text-decoration:none;',
  secondary:
    'display:block;margin:0 0 20px;padding:12px 16px;border-radius:8px;border:1px solid #9ca3af;color:#374151;text-align:center;text-decoration:none;',
  notice: 'margin:16px 0;padding:12px 16px;border-radius:8px;background:#fffbeb;color:#78350f;font-weight:bold;',
  footer: 'margin:24px 0 0;padding-top:12px;border-top:1px solid #e5e7eb;font-size:13px;color:#6b7280;',
  link: 'color:#991b1b;',
} as const;

function page(title: string, body: string, lang: Lang): string {
  return [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="${STYLE.body}"><div style="${STYLE.column}">`,
    body,
    '</div></body></html>',
  ].join('\n');
}

const link = (url: string, label: string, style: string) => `<a href="${escapeHtml(url)}" style="${style}">${escapeHtml(label)}</a>`;

/** A request alert (issue 15) with one-click List-Unsubscribe (RFC 8058). */
export function alertMail(input: AlertMailInput): MailContent & { headers: Record<string, string> } {
  const lang = input.lang ?? 'en';
  const t = ALERT_TEXTS[lang];
  const r = input.request;
  const site = oneLine(input.siteName);
  const name = oneLine(input.donorName);
  const group = oneLine(r.bloodGroup);
  const hospital = oneLine(r.hospitalName);
  const district = oneLine(r.district);
  const when = t.at(readableDate(oneLine(r.donationDate), t.locale), readableTime(oneLine(r.donationTime), t.locale));
  const urgent = r.urgency !== 'normal';
  const need = t.need(group, r.component);
  const units = t.units(r.unitsNeeded);
  const subject = urgent ? `${t.urgency[r.urgency]}: ${t.neededAt(need, hospital)}` : t.neededAt(need, hospital);
  const summary = t.summary(hospital, district, need, units, when);

  const facts: [string, string][] = [
    [t.facts.group, group],
    [t.facts.component, t.component[r.component]],
    [t.facts.units, units],
    [t.facts.hospital, hospital],
    [t.facts.district, district],
    [t.facts.when, when],
    [t.facts.urgency, t.urgency[r.urgency]],
  ];

  const text = [
    t.hello(name),
    '',
    summary,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `${t.accept}: ${input.acceptUrl}`,
    `${t.decline}: ${input.declineUrl}`,
    '',
    t.neverPaid,
    '',
    t.why(site),
    '',
    '--',
    `${t.turnOff}: ${input.unsubscribePageUrl}`,
    '',
  ].join('\n');

  const html = page(
    subject,
    [
      `<h1 style="${STYLE.heading}">${escapeHtml(t.needed(need))}</h1>`,
      urgent ? `<p style="margin:0 0 16px;"><span style="${STYLE.badge}">${escapeHtml(t.urgency[r.urgency])}</span></p>` : '',
      `<p style="margin:0 0 12px;">${escapeHtml(t.hello(name))}</p>`,
      `<p style="margin:0 0 12px;">${escapeHtml(summary)}</p>`,
      `<ul style="${STYLE.facts}">`,
      ...facts.map(([label, value]) => `<li style="${STYLE.fact}"><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</li>`),
      '</ul>',
      link(input.acceptUrl, t.accept, STYLE.primary),
      link(input.declineUrl, t.decline, STYLE.secondary),
      `<p style="${STYLE.notice}">${escapeHtml(t.neverPaid)}</p>`,
      `<p style="margin:0 0 12px;">${escapeHtml(t.why(site))}</p>`,
      `<p style="${STYLE.footer}">${link(input.unsubscribePageUrl, t.turnOff, STYLE.link)} &middot; ${escapeHtml(site)}</p>`,
    ]
      .filter(Boolean)
      .join('\n'),
    lang,
  );

  return {
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.oneClickUnsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // RFC 3834: an automatic message, so out-of-office robots do not answer it.
      'Auto-Submitted': 'auto-generated',
    },
  };
}

/** The link that confirms an email address (alerts go only to confirmed addresses). */
export function verificationMail(input: { name: string; url: string; siteName: string; lang?: Lang }): MailContent {
  const lang = input.lang ?? 'en';
  const t = ALERT_TEXTS[lang];
  const site = oneLine(input.siteName);
  const name = oneLine(input.name);
  const subject = t.verifySubject;
  const intro = t.verifyIntro(site);
  const text = [t.hello(name), '', intro, '', `${t.confirm}: ${input.url}`, '', t.verifyIgnore, '', '--', site, ''].join('\n');
  const html = page(
    subject,
    [
      `<h1 style="${STYLE.heading}">${escapeHtml(subject)}</h1>`,
      `<p style="margin:0 0 12px;">${escapeHtml(t.hello(name))}</p>`,
      `<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>`,
      link(input.url, t.verifyButton, STYLE.primary),
      `<p style="margin:0 0 12px;">${escapeHtml(t.verifyFallback)} <a href="${escapeHtml(input.url)}" style="${STYLE.link}">${escapeHtml(input.url)}</a></p>`,
      `<p style="${STYLE.footer}">${escapeHtml(t.verifyIgnore)} &middot; ${escapeHtml(site)}</p>`,
    ].join('\n'),
    lang,
  );
  return { subject, text, html };
}

/** The link that lets the owner of an account choose a new password (issue 38). */
export function passwordResetMail(input: { name: string; url: string; siteName: string; lang?: Lang }): MailContent {
  const lang = input.lang ?? 'en';
  const t = ALERT_TEXTS[lang];
  const site = oneLine(input.siteName);
  const name = oneLine(input.name);
  const subject = t.resetSubject;
  const intro = t.resetIntro(site, RESET_LINK_MINUTES);
  const text = [t.hello(name), '', intro, '', `${t.resetButton}: ${input.url}`, '', t.resetSignsOut, '', t.resetIgnore, '', '--', site, ''].join('\n');
  const html = page(
    subject,
    [
      `<h1 style="${STYLE.heading}">${escapeHtml(subject)}</h1>`,
      `<p style="margin:0 0 12px;">${escapeHtml(t.hello(name))}</p>`,
      `<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>`,
      link(input.url, t.resetButton, STYLE.primary),
      `<p style="margin:0 0 12px;">${escapeHtml(t.verifyFallback)} <a href="${escapeHtml(input.url)}" style="${STYLE.link}">${escapeHtml(input.url)}</a></p>`,
      `<p style="margin:0 0 12px;">${escapeHtml(t.resetSignsOut)}</p>`,
      `<p style="${STYLE.footer}">${escapeHtml(t.resetIgnore)} &middot; ${escapeHtml(site)}</p>`,
    ].join('\n'),
    lang,
  );
  return { subject, text, html };
}
