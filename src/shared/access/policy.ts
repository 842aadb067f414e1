// Who may do what, in one place for the server (which enforces it) and the web (which offers only
// what will succeed). No schema library here: public pages import it.
//
// "Active" is part of every decision: a blocked account keeps reading what it could read (its own
// profile and requests, so it can see why it is blocked), but it writes nothing, and a blocked
// admin or volunteer has no staff power at all, read or write.

import type { Role, UserStatus } from '../users/model';

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

// ---------------------------------------------------------------------------------------------
// Policy tables (decision 026). Each feature's *-policy.ts writes who may do what as one row per
// action; `decide` below is the only code that reads a row. The server builds its 403 checks and
// SQL status guards from the rows, the web decides what to offer from the same rows.

/** Who someone is, as far as a rule needs to know: the server compares ids, the web (which sees no ids) emails. */
export interface Person {
  id?: string | null;
  email?: string | null;
}

/** The same account: by id when both sides have one, else by email (case-insensitively). */
export function isSamePerson(a: Person | null | undefined, b: Person | null | undefined): boolean {
  if (!a || !b) return false;
  if (a.id && b.id) return a.id === b.id;
  if (a.email && b.email) return a.email.toLowerCase() === b.email.toLowerCase();
  return false;
}

/** An account asking: its role and status, and who it is (for rules that name the resource's people). */
export type PolicyActor = Actor & Person;

/**
 * Whom a grant names besides roles: `anyone` (signed in or not), `signedIn` (any account), or a
 * party of the resource that the feature defines (`requester`, `donor`, `self`…).
 */
export type Party<P extends string> = P | 'anyone' | 'signedIn';

export interface Grant<S extends string, P extends string> {
  /** Active accounts with one of these roles: a blocked admin or volunteer has no staff power. */
  roles?: readonly Role[];
  /** People by their relation to the resource, whatever their account's status (a write still needs an active one). */
  parties?: readonly Party<P>[];
  /** The resource statuses the grant holds in; every status when absent. */
  from?: readonly S[];
}

/** One row of a policy table: the action is allowed when a grant names the actor and holds in the resource's status. */
export interface Rule<S extends string, P extends string> {
  /** A write needs an active account (a blocked one reads what it could read, and writes nothing). */
  write: boolean;
  grants: readonly Grant<S, P>[];
}

/**
 * Why a rule refuses, checked in this order: `blocked` (a write by a blocked account), `role` (no
 * grant names the actor), `status` (no grant naming the actor holds in the resource's status, or
 * the status is not known).
 */
export type PolicyRefusal = AccessRefusal | 'status';

/** The one reading of a policy row: null when allowed, else why not. */
export function decide<S extends string, P extends string>(
  rule: Rule<S, P>,
  actor: PolicyActor | null | undefined,
  isParty: (party: P) => boolean,
  status: S | undefined,
): PolicyRefusal | null {
  if (rule.write && actor && actor.status !== 'active') return 'blocked';
  const names = (g: Grant<S, P>) =>
    hasRole(actor, g.roles ?? []) ||
    (g.parties ?? []).some((p) => p === 'anyone' || (!!actor && (p === 'signedIn' || isParty(p as P))));
  const mine = rule.grants.filter(names);
  if (mine.length === 0 || (rule.write && !actor)) return 'role';
  if (!mine.some((g) => !g.from || (status !== undefined && g.from.includes(status)))) return 'status';
  return null;
}

/** The statuses a rule can hold in at all (its SQL guard): every status of `all` a grant allows. */
export function statusesOf<S extends string>(rule: Rule<S, string>, all: readonly S[]): S[] {
  return all.filter((s) => rule.grants.some((g) => !g.from || g.from.includes(s)));
}

/**
 * The roles every one of these rules grants, for a route guard (`guards.requireRole`) on rules
 * that name roles only: such a route is refused before the service runs.
 */
export function rolesOf(...rules: Rule<string, string>[]): Role[] {
  const granted = (rule: Rule<string, string>) => rule.grants.flatMap((g) => g.roles ?? []);
  const [first = [], ...others] = rules.map(granted);
  return [...new Set(first)].filter((role) => others.every((roles) => roles.includes(role)));
}

/** A transition table read backwards: the statuses a move to `to` may start from. */
export function movesInto<S extends string>(table: Record<S, readonly S[]>, to: S): S[] {
  return (Object.keys(table) as S[]).filter((from) => table[from].includes(to));
}
