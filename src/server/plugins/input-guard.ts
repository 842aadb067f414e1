import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { API_MESSAGES } from '../../shared/api/texts';

/** True when a string anywhere in the value holds a NUL character (PostgreSQL text cannot). */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || hasNul(v, depth + 1)) return true;
  return false;
}

/**
 * Refuses NUL characters in path params, query strings and JSON bodies with a 400 before any
 * route sees them: stored in PostgreSQL they are an error (a 500), and no real input has them.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw badRequest(API_MESSAGES.nulCharacter);
    }
  });
}
