import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as blogs from '../../shared/blogs';
import * as requests from '../../shared/donation-request-rules';
import * as funding from '../../shared/funding';
import * as outreach from '../../shared/outreach-rules';
import * as phone from '../../shared/phone';
import * as search from '../../shared/search-rules';
import * as users from '../../shared/user-rules';
import { hasTranslation, translateIssue, translateMessage } from '.';

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
const MESSAGE_REF = /\b([A-Z_]+_MESSAGES)\.(\w+)\b/g;

const objects: Record<string, Record<string, unknown>> = {
  BLOG_MESSAGES: blogs.BLOG_MESSAGES,
  BLOG_CONTENT_MESSAGES: blogs.BLOG_CONTENT_MESSAGES,
  DONATION_MESSAGES: requests.DONATION_MESSAGES,
  FUNDING_MESSAGES: funding.FUNDING_MESSAGES,
  OUTREACH_MESSAGES: outreach.OUTREACH_MESSAGES,
  PHONE_MESSAGES: phone.PHONE_MESSAGES,
  SEARCH_MESSAGES: search.SEARCH_MESSAGES,
  USER_MESSAGES: users.USER_MESSAGES,
};

// Sent as they are on purpose: texts that are not messages (a subject line, a web-only label).
const NOT_MESSAGES = new Set(['OUTREACH_MESSAGES.verifyEmailSubject', 'OUTREACH_MESSAGES.accept', 'OUTREACH_MESSAGES.decline', 'FUNDING_MESSAGES.anonymous']);

function collect(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...serverFiles, ...schemaFiles]) {
    const text = readFileSync(file, 'utf8');
    const where = path.relative(root, file);
    for (const re of [ERROR_CALL, HTTP_ERROR, SCHEMA_MESSAGE]) {
      for (const m of text.matchAll(re)) found.set((m[1] ?? m[2])!, where);
    }
    for (const m of text.matchAll(MESSAGE_REF)) {
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
    expect(translateMessage('No donation request with this id', 'en')).toBe('No donation request with this id');
    expect(translateMessage('Something nobody wrote', 'bn')).toBe('Something nobody wrote');
  });

  it("puts zod's own messages in Bangla", () => {
    expect(translateIssue('Invalid input: expected string, received number', { code: 'invalid_type', expected: 'string' }, 'bn')).toMatch(/[\u0980-\u09FF]/);
    expect(translateIssue('Too small: expected number to be >=3', { code: 'too_small', origin: 'number', minimum: 3, inclusive: true }, 'bn')).toMatch(/[\u0980-\u09FF]/);
    expect(translateIssue(users.USER_MESSAGES.passwordMin, { code: 'too_small' }, 'bn')).toBe('*পাসওয়ার্ড অন্তত ৬ অক্ষরের হতে হবে');
  });
});
