import { randomInt } from 'node:crypto';
import type { CheckinState } from '../../shared/donation-requests/model';
import { asciiDigits } from '../../shared/phone/model';

// What a donor's SMS reply to an alert means (issue 32): "1 K7Q2" gives, "2 K7Q2" does not, a
// bare 1 or 2 answers the latest open alert, STOP and START switch SMS alerts; once pledged,
// "3 K7Q2" says on the way and "4 K7Q2" arrived (issue 33), a bare 3 or 4 about the latest pledge. Typed from any
// phone: Bangla or ASCII digits, any case, extra spaces, punctuation, a keycap emoji (1️⃣).
//
// The first word decides. Anything that could make an answer mean something else ("1 2",
// "YES NO", a second number, a code that is not 4 characters) is unknown: the caller answers
// with help, since a wrong pledge sends a family waiting for a donor who is not coming.
//
// Look-alikes: codes never contain 0 O 1 I L, so a typed O (or 0, I, 1, L) is a typo with no
// single right reading. It is not guessed: the code comes back as typed, matches no alert, and
// the donor gets help (never a pledge for another alert).

/** What a reply with an answer says: an answer to the alert, or (issue 33) a pledged donor's check-in: 3 on the way, 4 arrived. */
export type AnswerKind = 'accept' | 'decline' | CheckinState;
export type Reply = { kind: AnswerKind; code: string | null } | { kind: 'stop' } | { kind: 'start' } | { kind: 'unknown' };

/** The characters of a reply code: upper-case letters and digits without 0 O 1 I L. */
export const REPLY_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LETTERS = REPLY_CODE_ALPHABET.replace(/\d/g, '');

/**
 * A new reply code. It starts with a letter, so "1K7Q2" splits one way only and "12345" is never
 * an answer with a code.
 */
export function newReplyCode(random: (max: number) => number = randomInt): string {
  let code = LETTERS[random(LETTERS.length)]!;
  for (let i = 1; i < 4; i++) code += REPLY_CODE_ALPHABET[random(REPLY_CODE_ALPHABET.length)]!;
  return code;
}

// Twilio's opt-out and opt-in words too: through Twilio, the number is blocked or unblocked on
// those whatever the site does, so the site had better agree. (Twilio's YES, an opt-in there,
// stays an answer here.)
const WORDS = new Map<string, AnswerKind | 'stop' | 'start'>([
  ['1', 'accept'],
  ['YES', 'accept'],
  ['হ্যাঁ', 'accept'],
  ['হ্যা', 'accept'],
  ['2', 'decline'],
  ['NO', 'decline'],
  ['না', 'decline'],
  ['3', 'on_the_way'],
  ['4', 'arrived'],
  ['STOP', 'stop'],
  ['STOPALL', 'stop'],
  ['UNSUBSCRIBE', 'stop'],
  ['CANCEL', 'stop'],
  ['END', 'stop'],
  ['QUIT', 'stop'],
  ['বন্ধ', 'stop'],
  ['START', 'start'],
  ['UNSTOP', 'start'],
  ['চালু', 'start'],
]);

// A code as typed (look-alikes kept): what follows the answer when it has the code's shape.
const CODE_SHAPE = /^[A-Z][A-Z0-9]{3}$/;
const GLUED = /^([1-4])([A-Z][A-Z0-9]{3})$/;

/** The words of a reply: digits as ASCII, upper case, joiners and emoji modifiers dropped. */
function wordsOf(text: string): string[] {
  const plain = asciiDigits(text.normalize('NFC'))
    // Zero-width (non-)joiners come from Bangla keyboards; FE0F and 20E3 make "1" a keycap.
    .replace(/\u200c|\u200d|\ufe0e|\ufe0f|\u20e3/g, '')
    .toUpperCase();
  return plain.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
}

export function parseReply(text: string): Reply {
  const words = wordsOf(text);
  const first = words.shift();
  if (first === undefined) return { kind: 'unknown' };
  const glued = GLUED.exec(first);
  const kind = glued ? WORDS.get(glued[1]!) : WORDS.get(first);
  if (kind === undefined) return { kind: 'unknown' };
  if (kind === 'stop' || kind === 'start') return { kind };

  let code = glued ? glued[2]! : null;
  if (!code && words[0] !== undefined && CODE_SHAPE.test(words[0]) && !WORDS.has(words[0])) code = words.shift()!;
  // Words after the answer are tolerated ("1 K7Q2 thanks", "হ্যাঁ আসছি"); one with a digit (a
  // number, another code) or another answer is not.
  for (const word of words) {
    if (/\d/.test(word)) return { kind: 'unknown' };
    const other = WORDS.get(word);
    if (other !== undefined && other !== kind) return { kind: 'unknown' };
  }
  return { kind, code };
}
