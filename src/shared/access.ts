// Who may do what, in one place for the server (which enforces it) and the web (which offers only
// what will succeed). No schema library here: public pages import it.
//
// "Active" is part of every decision: a blocked account keeps reading what it could read (its own
// profile and requests, so it can see why it is blocked), but it writes nothing, and a blocked
// admin or volunteer has no staff power at all, read or write.
import type { Role, UserStatus } from './user-rules';

export interface Actor {
  role: Role;
  status: UserStatus;
}

export const STAFF_ROLES = ['admin', 'volunteer'] as const satisfies readonly Role[];

/** An active account with one of these roles. */
export function hasRole(actor: Actor | null | undefined, roles: readonly Role[]): boolean {
  return !!actor && actor.status === 'active' && roles.includes(actor.role);
}

/** An active admin or volunteer. */
export const isStaff = (actor: Actor | null | undefined) => hasRole(actor, STAFF_ROLES);

/** An active admin. */
export const isAdmin = (actor: Actor | null | undefined) => hasRole(actor, ['admin']);

/** Creating, editing, confirming, uploading: active accounts only. */
export const canWrite = (actor: Actor | null | undefined) => !!actor && actor.status === 'active';

/** HTTP methods that only read. Every other method is a write. */
export const isReadMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

export type AccessRefusal = 'blocked' | 'role';

/**
 * The one authorization decision of a signed-in request: null when allowed, else why not.
 * A route that names roles needs an active account with one of them; any other route lets a
 * blocked account read but not write.
 */
export function refusal(actor: Actor, method: string, roles?: readonly Role[]): AccessRefusal | null {
  if (roles) {
    if (!roles.includes(actor.role)) return 'role';
    return actor.status === 'active' ? null : 'blocked';
  }
  return isReadMethod(method) || canWrite(actor) ? null : 'blocked';
}
