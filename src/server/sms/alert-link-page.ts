import type { Urgency } from '../../shared/donation-requests/model';
import type { Lang } from '../../shared/i18n/model';
import type { BloodComponent } from '../../shared/matching/model';
import { escapeHtml } from '../lib/html';
import { dialable, smsDay, smsTime } from './alert-sms';
import { ALERT_LINK_TEXTS } from './alert-link-texts';

// The page an alert SMS's short link opens (/r/{token}, issue 32), made for the cheapest phones:
// HTML from the server that works without JavaScript (Opera Mini, KaiOS browsers), a few
// kilobytes with its styles inline, no images, no fonts. The answer is a plain form post.

export interface AlertLinkRequest {
  bloodGroup: string;
  component: BloodComponent;
  urgency: Urgency;
  unitsStillNeeded: number;
  hospital: string;
  place: string;
  day: string;
  time: string;
}

export type AlertLinkView =
  | { kind: 'ask'; lang: Lang; token: string; request: AlertLinkRequest; donorName: string; donorPhone: string; answered: 'accept' | 'decline' | null }
  | { kind: 'pledged'; lang: Lang; familyPhone: string | null }
  | { kind: 'declined' | 'not-counted' | 'not-open'; lang: Lang }
  | { kind: 'unknown' };

const STYLE = [
  'body{margin:0;font:16px/1.45 sans-serif;color:#1f2937;background:#fff}',
  'main{max-width:30em;margin:0 auto;padding:12px 14px}',
  'h1{font-size:1.3em;margin:.2em 0 .4em;color:#b91c1c}',
  '.badge{display:inline-block;background:#b91c1c;color:#fff;padding:1px 8px;border-radius:4px;font-weight:bold}',
  'dl{margin:.6em 0}dt{font-weight:bold;margin-top:.4em}dd{margin:0}',
  'button{display:block;width:100%;font:inherit;font-weight:bold;padding:12px;margin:10px 0;border-radius:6px;border:2px solid #b91c1c}',
  '.yes{background:#b91c1c;color:#fff}.no{background:#fff;color:#b91c1c}',
  '.phone{font-size:1.5em;font-weight:bold}a{color:#1d4ed8}',
  '@media (prefers-color-scheme:dark){body{background:#111827;color:#f3f4f6}h1{color:#fca5a5}.no{background:#111827;color:#fca5a5;border-color:#fca5a5}a{color:#93c5fd}}',
].join('');

function page(lang: Lang, body: string): string {
  const t = ALERT_LINK_TEXTS[lang];
  return [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head>`,
    `<body><main>${body}</main></body></html>`,
  ].join('');
}

const p = (text: string) => `<p>${escapeHtml(text)}</p>`;

export function renderAlertLinkPage(view: AlertLinkView): string {
  if (view.kind === 'unknown') {
    // Nobody known to answer to: both languages, Bangla first.
    return page('bn', `${p(ALERT_LINK_TEXTS.bn.unknownLink)}<p lang="en">${escapeHtml(ALERT_LINK_TEXTS.en.unknownLink)}</p>`);
  }
  const t = ALERT_LINK_TEXTS[view.lang];
  switch (view.kind) {
    case 'ask': {
      const r = view.request;
      const facts: [string, string][] = [
        [t.hospital, r.hospital],
        [t.place, r.place],
        [t.when, `${smsDay(r.day, view.lang)} ${smsTime(r.time, view.lang)}`],
        [t.stillNeeded, t.units(r.unitsStillNeeded)],
      ];
      const answered = view.answered === 'accept' ? t.answeredAccept : view.answered === 'decline' ? t.answeredDecline : null;
      return page(
        view.lang,
        [
          r.urgency === 'normal' ? '' : `<p><span class="badge">${escapeHtml(t.urgency[r.urgency])}</span></p>`,
          `<h1>${escapeHtml(t.needed(r.bloodGroup, r.component))}</h1>`,
          `<dl>${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`,
          answered ? p(answered) : '',
          // A pledge is final; a decline may still become a pledge.
          view.answered === 'accept'
            ? ''
            : [
                `<form method="post" action="/r/${escapeHtml(view.token)}">`,
                `<button class="yes" type="submit" name="answer" value="accept">${escapeHtml(t.accept)}</button>`,
                view.answered === 'decline' ? '' : `<button class="no" type="submit" name="answer" value="decline">${escapeHtml(t.decline)}</button>`,
                '</form>',
              ].join(''),
          p(t.answeringAs(view.donorName, dialable(view.donorPhone))),
        ].join(''),
      );
    }
    case 'pledged':
      return page(
        view.lang,
        view.familyPhone
          ? `${p(t.pledged)}<p>${escapeHtml(t.familyPhone)}:<br><a class="phone" href="tel:${escapeHtml(dialable(view.familyPhone))}">${escapeHtml(dialable(view.familyPhone))}</a></p>`
          : p(t.pledgedNoPhone),
      );
    case 'declined':
      return page(view.lang, p(t.declined));
    case 'not-counted':
      return page(view.lang, p(t.notCounted));
    case 'not-open':
      return page(view.lang, p(t.notOpen));
  }
}
