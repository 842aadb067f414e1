import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Lang, langFromAcceptLanguage } from '../../shared/i18n/model';
import type { ErrorBody } from '../errors';
import { messageInBangla } from '../../shared/i18n/messages-bn';

// The API in the caller's language (issue 16): error messages follow Accept-Language (the web
// client sends the current language); the `code` field is the same in both. A message is a constant
// of its feature's texts.ts; its Bangla is the same key of the table beside it (texts.bn.ts),
// found by src/shared/i18n/messages-bn.ts.

/** The language a request asks for. */
export const requestLang = (request: FastifyRequest): Lang => langFromAcceptLanguage(request.headers['accept-language']);

/** An English message of the API in `lang`; a message without a translation stays English. */
export function translateMessage(message: string, lang: Lang): string {
  return lang === 'en' ? message : messageInBangla(message);
}

/** Whether a message has a Bangla text (the catalogue test asks this of every message the server can send). */
export const hasTranslation = (message: string) => translateMessage(message, 'bn') !== message;

const zodBangla = z.locales.bn().localeError;

/**
 * A schema issue's message in `lang`: ours (from the shared schemas) through the table, zod's own
 * defaults through zod's Bangla locale (a wrong type in words, since the issue no longer has the input).
 */
export function translateIssue(message: string, issue: Record<string, unknown>, lang: Lang): string {
  if (lang === 'en') return message;
  const ours = translateMessage(message, lang);
  if (ours !== message) return ours;
  if (issue.code === 'invalid_type') return 'এই ঘরে সঠিক ধরনের মান দিন';
  const bangla = typeof issue.code === 'string' ? zodBangla(issue as never) : undefined;
  return typeof bangla === 'string' ? bangla : typeof bangla === 'object' && bangla ? (bangla.message ?? message) : message;
}

/**
 * Error bodies in the caller's language, wherever they were made (the error handler, the 404
 * handler, the rate limiter): one hook on the way out. Bodies are parsed only for 4xx/5xx answers
 * to callers who asked for Bangla.
 */
export function registerErrorLanguage(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const lang = requestLang(request);
    if (lang === 'en' || !String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload;
    let body: ErrorBody;
    try {
      body = JSON.parse(payload) as ErrorBody;
    } catch {
      return payload;
    }
    if (typeof body?.message !== 'string') return payload;
    body.message = translateMessage(body.message, lang);
    for (const issue of body.issues ?? []) issue.message = translateMessage(issue.message, lang);
    reply.header('content-language', lang);
    return JSON.stringify(body);
  });
}
