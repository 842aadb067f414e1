/// <reference types="vite/client" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasTranslation, translateIssue, translateMessage } from './error-language';

// Every message the server can send has a Bangla text: the literals its errors are raised with,
// the messages of the shared schemas, and the *_MESSAGES entries the server code uses.

const root = path.resolve(import.meta.dirname, '../..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.tsx?$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
// config.ts speaks to the operator at start-up, not to API callers.
const serverFiles = files(path.join(root, 'server')).filter((f) => !f.endsWith(`${path.sep}config.ts`));
const schemaFiles = files(path.join(root, 'shared')).filter((f) => /from 'zod'/.test(readFileSync(f, 'utf8')));

const ERROR_CALL = /\b(?:badRequest|forbidden|notFound|conflict|unauthorized|tooManyRequests)\(\s*'([^']+)'/g;
const HTTP_ERROR = /new HttpError\(\s*\d+,\s*'([^']+)'/g;
const SCHEMA_MESSAGE = /\.(?:min|max|regex|length|email|int|refine|nonempty)\([^()]*?,\s*'([^']+)'\s*\)|\b(?:error|message):\s*'([^']+)'/g;
// A *_MESSAGES entry anywhere in the server, and any texts table's entry an error is raised with.
const MESSAGE_REF = /\b([A-Z_]+_MESSAGES)\.(\w+)\b/g;
const ERROR_REF = /\b(?:(?:badRequest|forbidden|notFound|conflict|unauthorized|tooManyRequests)\(|new HttpError\(\s*\d+,)\s*([A-Z_]+)\.(\w+)\b/g;

// Every texts table of src/shared, by its exported name.
const objects: Record<string, Record<string, unknown>> = Object.assign(
  {},
  ...Object.values(import.meta.glob<Record<string, unknown>>(['../../shared/**/*.ts', '!../../shared/**/*.test.ts'], { eager: true })).map((mod) =>
    Object.fromEntries(Object.entries(mod).filter(([name, value]) => /_(MESSAGES|TEXTS)$/.test(name) && typeof value === 'object')),
  ),
);

// Sent as they are on purpose: texts that are not messages (a subject line, a web-only label, the
// words of the alert link's page, whose Bangla is beside them in sms/alert-link-texts.ts).
const NOT_MESSAGES = new Set([
  'OUTREACH_MESSAGES.verifyEmailSubject',
  'OUTREACH_MESSAGES.accept',
  'OUTREACH_MESSAGES.decline',
  'FUNDING_MESSAGES.anonymous',
  ...['respondTitle', 'familyPhone', 'acceptedFamilyNoPhone', 'declined', 'answeredAccept', 'answeredDecline', 'notOpen'].map((key) => `OUTREACH_MESSAGES.${key}`),
]);
// Success bodies written as literals (only errors are translated): better-auth's answer to
// send-otp, which a refused ask repeats (auth/auth.ts, PHONE_CODE_SENT).
const NOT_MESSAGE_LITERALS = new Set(['code sent']);

function collect(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...serverFiles, ...schemaFiles]) {
    const text = readFileSync(file, 'utf8');
    const where = path.relative(root, file);
    for (const re of [ERROR_CALL, HTTP_ERROR, SCHEMA_MESSAGE]) {
      for (const m of text.matchAll(re)) if (!NOT_MESSAGE_LITERALS.has((m[1] ?? m[2])!)) found.set((m[1] ?? m[2])!, where);
    }
    for (const m of [...text.matchAll(MESSAGE_REF), ...text.matchAll(ERROR_REF)]) {
      const value = objects[m[1]!]?.[m[2]!];
      if (typeof value === 'string' && !NOT_MESSAGES.has(`${m[1]}.${m[2]}`)) found.set(value, where);
    }
  }
  return found;
}

describe('the API in Bangla', () => {
  it('has a Bangla text for every message the server can send', () => {
    const found = collect();
    expect(found.size).toBeGreaterThan(60);
    const missing = [...found].filter(([message]) => !hasTranslation(message)).map(([message, where]) => `${where}: ${message}`);
    expect(missing).toEqual([]);
  });

  it('fills the values of templated messages, in Bangla digits', () => {
    expect(translateMessage('Too many requests: try again in 42 seconds', 'bn')).toBe('অনেক বেশি অনুরোধ: ৪২ সেকেন্ড পরে আবার চেষ্টা করুন');
    expect(translateMessage('At most 300 characters', 'bn')).toBe('সর্বোচ্চ ৩০০ অক্ষর');
    const daily = (objects.REPORT_TEXTS!.tooManyRequests as (n: number) => string)(3);
    expect(translateMessage(daily, 'bn')).toMatch(/^২৪ ঘণ্টায় সর্বোচ্চ ৩টি অনুরোধ/);
    const locked = (objects.USER_MESSAGES!.signInLocked as (n: number) => string)(1);
    expect(hasTranslation(locked)).toBe(true);
    expect(translateMessage('No donation request with this id', 'en')).toBe('No donation request with this id');
    expect(translateMessage('Something nobody wrote', 'bn')).toBe('Something nobody wrote');
  });

  it("puts zod's own messages in Bangla", () => {
    expect(translateIssue('Invalid input: expected string, received number', { code: 'invalid_type', expected: 'string' }, 'bn')).toMatch(/[\u0980-\u09FF]/);
    expect(translateIssue('Too small: expected number to be >=3', { code: 'too_small', origin: 'number', minimum: 3, inclusive: true }, 'bn')).toMatch(/[\u0980-\u09FF]/);
    expect(translateIssue(objects.USER_MESSAGES!.passwordMin as string, { code: 'too_small' }, 'bn')).toBe('*পাসওয়ার্ড অন্তত ৬ অক্ষরের হতে হবে');
  });
});
