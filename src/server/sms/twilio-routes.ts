import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import twilio from 'twilio';
import { z } from 'zod';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { API_MESSAGES } from '../../shared/api/texts';
import type { AppDeps } from '../deps';
import { forbidden, HttpError, notFound } from '../errors';
import type { SmsWebhooks, WebhookFields } from './gateway';

// Twilio's callbacks (issue 32): the status of each text sent (the StatusCallback of
// twilio-gateway.ts) and the texts phones send to the site's number (the number's "A message
// comes in" webhook). Twilio posts application/x-www-form-urlencoded, signed in X-Twilio-Signature
// with the account's auth token over the URL it called and the fields. The order: a site whose
// gateway is not Twilio answers 404; an unsigned or wrongly signed request 403; signed fields that
// are not a callback 400 (all in the one error shape).

/** Twilio's SIDs: two letters and 32 hex digits (SM..., MM..., AC...). */
const sid = z.string().regex(/^[A-Z]{2}[0-9a-fA-F]{32}$/);
const field = (max: number) => z.string().max(max);

const statusFields = z.looseObject({
  MessageSid: sid,
  MessageStatus: field(40).min(1),
});
const inboundFields = z.looseObject({
  MessageSid: sid,
  From: field(64).min(1),
  // One message of up to 1600 characters; a phone may send an empty one (a picture).
  Body: field(1600).default(''),
});

/** Fields parsed from a form; a field sent twice (MediaUrl...) is a list. No key reaches a prototype (Object.fromEntries defines own keys). */
function formFields(body: string): WebhookFields {
  const fields = new Map<string, string | string[]>();
  for (const [key, value] of new URLSearchParams(body)) {
    const seen = fields.get(key);
    fields.set(key, seen === undefined ? value : [...[seen].flat(), value]);
  }
  return Object.fromEntries(fields);
}

const EMPTY_TWIML = new twilio.twiml.MessagingResponse().toString();

export const twilioRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const publicUrl = deps.config.publicUrl.replace(/\/+$/, '');
  const hooks = deps.sms?.webhooks?.provider === 'twilio' ? deps.sms.webhooks : undefined;

  /** The signed fields, checked against their schema; refused when not Twilio's. */
  function signedFields<T extends z.ZodType>(request: FastifyRequest, webhooks: SmsWebhooks, schema: T): z.output<T> {
    const fields = (request.body ?? {}) as WebhookFields;
    const signature = request.headers['x-twilio-signature'];
    // Twilio signs the URL it was given (PUBLIC_URL's), whatever address the request reached here by.
    if (!webhooks.verify(`${publicUrl}${request.url}`, fields, typeof signature === 'string' ? signature : undefined)) throw forbidden();
    const parsed = schema.safeParse(fields);
    if (!parsed.success) {
      throw new HttpError(
        400,
        API_MESSAGES.invalidBody,
        'VALIDATION_ERROR',
        parsed.error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message })),
      );
    }
    return parsed.data;
  }

  await app.register(async (scoped) => {
    // Before the body is read: these routes are only for a site that sends through Twilio.
    scoped.addHook('onRequest', async () => {
      if (!hooks) throw notFound();
    });
    // Twilio's form bodies, here only; no other body is taken (415).
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, formFields(body as string));
    });

    scoped.post(ENDPOINTS.twilioStatus.pattern, { schema: { response: { 200: z.object({ received: z.literal(true) }) } } }, async (request) => {
      const fields = signedFields(request, hooks!, statusFields);
      hooks!.handleStatus({ messageId: fields.MessageSid, status: fields.MessageStatus });
      return { received: true as const };
    });

    scoped.post(ENDPOINTS.twilioInbound.pattern, async (request, reply) => {
      const fields = signedFields(request, hooks!, inboundFields);
      hooks!.handleInbound({ from: fields.From, text: fields.Body });
      // No reply by TwiML: answers to a text are sent as texts of their own (through the outbox).
      return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
    });
  });
};
