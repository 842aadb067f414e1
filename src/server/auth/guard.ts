import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { refusal } from '../../shared/access/policy';
import { DONATION_MESSAGES } from '../../shared/donation-requests/texts';
import type { Role } from '../../shared/users/model';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/accounts';
import { forbidden, unauthorized } from '../errors';
import type { TokenService } from './tokens';
import { BatchLoader } from '../lib/batch-loader';
import { AUTH_MESSAGES } from '../../shared/users/texts';

export type CurrentUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer guard: the user as stored now (role and status changes apply at once). */
    currentUser?: CurrentUser;
  }
}

export const BLOCKED_MESSAGE = DONATION_MESSAGES.blockedText;

/** Answers about one person are never kept by a browser or a shared cache. */
export const NO_STORE = 'no-store';

/**
 * Reads `Authorization: Bearer <token>`, verifies it, and loads the token's session with its
 * user on every request: a token lives only as long as its session (sign-out, a block), and a
 * role or status change applies to the very next request.
 */
export function createGuards(db: Db, tokens: TokenService) {
  // Runs for every authenticated request: prepared once (parsed and planned once per connection),
  // and the requests that arrive together share one round trip (see BatchLoader).
  const usersBySessionIds = db
    .select({ id: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`, gt(sessions.expiresAt, sql`now()`)))
    .prepare('guard_users_by_session_ids');
  const loader = new BatchLoader<{ id: string; user: CurrentUser }>((ids) => usersBySessionIds.execute({ ids }));

  const authenticate = async (request: FastifyRequest, reply: FastifyReply, roles?: readonly Role[]) => {
    void reply.header('cache-control', NO_STORE);
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
    if (!match?.[1]) throw unauthorized(AUTH_MESSAGES.missingAuthorization);
    const claims = await tokens.verify(match[1]);
    if (!claims) throw unauthorized(AUTH_MESSAGES.invalidToken);
    const found = await loader.load(claims.sessionId);
    if (!found || found.user.id !== claims.userId) throw unauthorized(AUTH_MESSAGES.sessionEnded);
    request.currentUser = found.user;
    // The one authorization decision (src/shared/access/policy.ts): staff routes need an active account
    // with the role; elsewhere a blocked account may read but not write.
    const why = refusal(found.user, request.method, roles);
    if (why === 'role') throw forbidden();
    if (why === 'blocked') throw forbidden(BLOCKED_MESSAGE);
  };

  const requireUser: preHandlerAsyncHookHandler = (request, reply) => authenticate(request, reply);

  /**
   * requireUser for the `/users/{email}` routes, which also take an account's id (issue 32: a
   * phone-only account has no address to name it by): an id becomes that account's email, so the
   * route's own checks (owner, staff, none such) stay as they are. An unknown id is left as given.
   */
  const requireUserForAccount: preHandlerAsyncHookHandler = async (request, reply) => {
    await authenticate(request, reply);
    const params = request.params as { email?: string };
    const key = params.email?.trim();
    if (!key || key.includes('@')) return;
    const me = request.currentUser!;
    if (me.id === key) {
      params.email = me.email;
      return;
    }
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, key));
    if (row) params.email = row.email;
  };

  /** Public routes that show more to staff: a token is read when present (and must be valid). */
  const optionalUser: preHandlerAsyncHookHandler = async (request, reply) => {
    if (request.headers.authorization !== undefined) await authenticate(request, reply);
  };

  const requireRole =
    (...roles: Role[]): preHandlerAsyncHookHandler =>
    (request, reply) =>
      authenticate(request, reply, roles);

  return { requireUser, requireUserForAccount, optionalUser, requireRole };
}

export type Guards = ReturnType<typeof createGuards>;

export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}
