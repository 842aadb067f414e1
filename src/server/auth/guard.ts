import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { DONATION_MESSAGES } from '../../shared/donation-request-texts';
import type { Role } from '../../shared/users';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import type { TokenService } from './tokens';
import { UserBatchLoader } from './user-loader';

export type CurrentUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer guard: the user as stored now (role and status changes apply at once). */
    currentUser?: CurrentUser;
  }
}

export const BLOCKED_MESSAGE = DONATION_MESSAGES.blockedText;

/** Reads `Authorization: Bearer <token>`, verifies it and loads the user on every request. */
export function createGuards(db: Db, tokens: TokenService) {
  // Runs for every authenticated request: prepared once (parsed and planned once per connection),
  // and the requests that arrive together share one round trip (see UserBatchLoader).
  const usersByIds = db
    .select()
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('guard_users_by_ids');
  const loader = new UserBatchLoader<CurrentUser>((ids) => usersByIds.execute({ ids }));

  const authenticate = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
    if (!match?.[1]) throw unauthorized('Missing or malformed Authorization header');
    const userId = await tokens.verify(match[1]);
    if (!userId) throw unauthorized('Invalid or expired token');
    const user = await loader.load(userId);
    if (!user) throw unauthorized('The account of this token no longer exists');
    request.currentUser = user;
  };
  const requireUser: preHandlerAsyncHookHandler = authenticate;

  /** Public routes that show more to staff: a token is read when present (and must be valid). */
  const optionalUser: preHandlerAsyncHookHandler = async (request) => {
    if (request.headers.authorization !== undefined) await authenticate(request);
  };

  const requireRole = (...roles: Role[]): preHandlerAsyncHookHandler[] => [
    requireUser,
    async (request: FastifyRequest, _reply: FastifyReply) => {
      if (!roles.includes(request.currentUser!.role)) throw forbidden();
    },
  ];

  return { requireUser, optionalUser, requireRole };
}

export type Guards = ReturnType<typeof createGuards>;

export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}
