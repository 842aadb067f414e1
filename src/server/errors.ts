import { z } from 'zod';
import { API_MESSAGES } from '../shared/api/texts';

/** The one error shape of the API: `{ message, code, issues? }`, with the right HTTP status. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

export const codeForStatus = (status: number) => CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string = codeForStatus(statusCode),
    readonly issues?: ErrorBody['issues'],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, issues?: ErrorBody['issues']) => new HttpError(400, message, 'BAD_REQUEST', issues);
export const unauthorized = (message: string = API_MESSAGES.authenticationRequired) => new HttpError(401, message);
export const forbidden = (message: string = API_MESSAGES.notAllowed) => new HttpError(403, message);
export const notFound = (message: string = API_MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, message, code);
