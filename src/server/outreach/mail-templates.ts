import type { BloodComponent } from '../../shared/compatibility';
import { COMPONENT_LABELS, URGENCY_LABELS, type Urgency } from '../../shared/donation-request-rules';
import { OUTREACH_MESSAGES } from '../../shared/outreach-rules';

// The emails of issue 15, as pure functions: plain text for every client, and simple HTML
// (no tables, inline styles, one narrow column) that reads well on a phone. Hospital names and
// people's names are user input: every value is escaped in the HTML, and line breaks in a value are
// flattened so that a value cannot add lines of its own (a fake link, a fake notice) to either part.

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
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** One line of text: control characters and line breaks become single spaces. */
const oneLine = (value: string) =>
  value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2026-03-05" -> "Thu, 5 Mar 2026"; anything else is shown as it is. */
function readableDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(d.getTime()) ? dayFormat.format(d) : date;
}

const NEVER_PAID =
  'Blood must never be paid for. Donating is free: no one may ask you, or the family, for money, and you should never accept any.';

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

function page(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="${STYLE.body}"><div style="${STYLE.column}">`,
    body,
    '</div></body></html>',
  ].join('\n');
}

const link = (url: string, label: string, style: string) => `<a href="${escapeHtml(url)}" style="${style}">${escapeHtml(label)}</a>`;

const unitsText = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/** "blood" for whole blood, else the component ("platelets"), as the subject and the first line say it. */
const whatIsNeeded = (component: BloodComponent) => (component === 'whole_blood' ? 'blood' : COMPONENT_LABELS[component].toLowerCase());

/** A request alert (issue 15) with one-click List-Unsubscribe (RFC 8058). */
export function alertMail(input: AlertMailInput): MailContent & { headers: Record<string, string> } {
  const r = input.request;
  const site = oneLine(input.siteName);
  const name = oneLine(input.donorName);
  const group = oneLine(r.bloodGroup);
  const hospital = oneLine(r.hospitalName);
  const district = oneLine(r.district);
  const when = `${readableDate(oneLine(r.donationDate))} at ${oneLine(r.donationTime)}`;
  const urgent = r.urgency !== 'normal';
  const need = `${group} ${whatIsNeeded(r.component)} needed at ${hospital}`;
  const subject = urgent ? `${URGENCY_LABELS[r.urgency]}: ${need}` : need;

  const facts: [string, string][] = [
    ['Blood group', group],
    ['Component', COMPONENT_LABELS[r.component]],
    ['Units needed', String(r.unitsNeeded)],
    ['Hospital', hospital],
    ['District', district],
    ['When', when],
    ['Urgency', URGENCY_LABELS[r.urgency]],
  ];
  const why = `You are getting this because you are a donor on ${site} and your blood group can help. Answer only if you are well and can be there in time.`;

  const text = [
    `Hello ${name},`,
    '',
    `${hospital} in ${district} needs ${group} ${whatIsNeeded(r.component)}: ${unitsText(r.unitsNeeded)}, on ${when}.`,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `${OUTREACH_MESSAGES.accept}: ${input.acceptUrl}`,
    `${OUTREACH_MESSAGES.decline}: ${input.declineUrl}`,
    '',
    NEVER_PAID,
    '',
    why,
    '',
    '--',
    `Turn off email alerts: ${input.unsubscribePageUrl}`,
    '',
  ].join('\n');

  const html = page(
    subject,
    [
      `<h1 style="${STYLE.heading}">${escapeHtml(`${group} ${whatIsNeeded(r.component)} needed`)}</h1>`,
      urgent ? `<p style="margin:0 0 16px;"><span style="${STYLE.badge}">${escapeHtml(URGENCY_LABELS[r.urgency])}</span></p>` : '',
      `<p style="margin:0 0 12px;">Hello ${escapeHtml(name)},</p>`,
      `<p style="margin:0 0 12px;">${escapeHtml(hospital)} in ${escapeHtml(district)} needs ${escapeHtml(group)} ${escapeHtml(whatIsNeeded(r.component))}: ${escapeHtml(unitsText(r.unitsNeeded))}, on ${escapeHtml(when)}.</p>`,
      `<ul style="${STYLE.facts}">`,
      ...facts.map(([label, value]) => `<li style="${STYLE.fact}"><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</li>`),
      '</ul>',
      link(input.acceptUrl, OUTREACH_MESSAGES.accept, STYLE.primary),
      link(input.declineUrl, OUTREACH_MESSAGES.decline, STYLE.secondary),
      `<p style="${STYLE.notice}">${escapeHtml(NEVER_PAID)}</p>`,
      `<p style="margin:0 0 12px;">${escapeHtml(why)}</p>`,
      `<p style="${STYLE.footer}">${link(input.unsubscribePageUrl, 'Turn off email alerts', STYLE.link)} &middot; ${escapeHtml(site)}</p>`,
    ]
      .filter(Boolean)
      .join('\n'),
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
export function verificationMail(input: { name: string; url: string; siteName: string }): MailContent {
  const site = oneLine(input.siteName);
  const name = oneLine(input.name);
  const subject = OUTREACH_MESSAGES.verifyEmailSubject;
  const intro = `Please confirm that this is your email address, so that ${site} can alert you when someone near you needs blood.`;
  const ignore = 'If you did not sign up, ignore this email: nothing will be sent to this address.';
  const text = [`Hello ${name},`, '', intro, '', `Confirm: ${input.url}`, '', ignore, '', '--', site, ''].join('\n');
  const html = page(
    subject,
    [
      `<h1 style="${STYLE.heading}">${escapeHtml(subject)}</h1>`,
      `<p style="margin:0 0 12px;">Hello ${escapeHtml(name)},</p>`,
      `<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>`,
      link(input.url, 'Confirm my email address', STYLE.primary),
      `<p style="margin:0 0 12px;">If the button does not work, open this link: <a href="${escapeHtml(input.url)}" style="${STYLE.link}">${escapeHtml(input.url)}</a></p>`,
      `<p style="${STYLE.footer}">${escapeHtml(ignore)} &middot; ${escapeHtml(site)}</p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}
