import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { codeForStatus, type ErrorBody, HttpError } from '../errors';
import { requestLang, translateIssue } from './error-language';
import { API_MESSAGES } from '../../shared/api/texts';

function isFrameworkClientError(err: FastifyError): boolean {
  if (isResponseSerializationError(err) || !err.statusCode || err.statusCode < 400 || err.statusCode >= 500) return false;
  return err.code?.startsWith('FST_') === true || err.code === 'RATE_LIMITED';
}

/** What a request that fails its schema is told, by the part that failed. */
const INVALID: Record<string, string> = {
  body: API_MESSAGES.invalidBody,
  querystring: API_MESSAGES.invalidQuerystring,
  params: API_MESSAGES.invalidParams,
  headers: API_MESSAGES.invalidHeaders,
  request: API_MESSAGES.invalidRequest,
};

/** Every 4xx/5xx leaves the server as `{ message, code, issues? }`; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status: number;
    let body: ErrorBody;
    if (err instanceof HttpError) {
      status = err.statusCode;
      body = { message: err.message, code: err.code, ...(err.issues ? { issues: err.issues } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const where = err.validationContext ?? 'request';
      body = {
        message: INVALID[where] ?? `Invalid ${where}`,
        code: 'VALIDATION_ERROR',
        issues: err.validation.map((v) => ({
          path: [where, ...v.instancePath.split('/').filter(Boolean)].join('.'),
          // zod's own default messages in the caller's language (ours are translated on the way out).
          message: translateIssue(v.message ?? API_MESSAGES.invalidValue, { code: v.keyword, ...v.params }, requestLang(request)),
        })),
      };
    } else if (isFrameworkClientError(err)) {
      // Fastify's own client errors (bad JSON, body too large, unsupported content type...) and
      // the rate limiter's 429. Another library's 4xx (a payment service's 401, say) is not ours
      // to pass on: it falls through to a 500 and is logged.
      status = err.statusCode ?? 400;
      body = { message: err.message, code: codeForStatus(status) };
    } else {
      status = err.statusCode && err.statusCode >= 500 ? err.statusCode : 500;
      request.log.error({ err }, 'request failed');
      body = { message: status === 503 ? API_MESSAGES.unavailable : API_MESSAGES.internalError, code: codeForStatus(status) };
    }
    if (status < 500) request.log.info({ status, code: body.code, msg: body.message }, 'request refused');
    void reply.status(status).send(body);
  });
}
