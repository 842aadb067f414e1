// Accounts: role and status moves, and who may do what to an account, one row per action
// (decision 026). No schema library here: public pages import it.

import type { Role, UserStatus } from './model';
import { type Actor, decide, isSamePerson, isStaff, movesInto, type Person, type PolicyActor, type PolicyRefusal, type Rule } from '../access/policy';

/** Role moves an admin may make (spec section 4); the server refuses others with 409. */
export const ROLE_TRANSITIONS: Record<Role, readonly Role[]> = {
  admin: ['volunteer', 'donner'],
  donner: ['volunteer', 'admin'],
  volunteer: ['donner', 'admin'],
};
export const STATUS_TRANSITIONS: Record<UserStatus, readonly UserStatus[]> = {
  active: ['blocked'],
  blocked: ['active'],
};

/** The roles a move to `to` may start from. */
export const roleAllowedFrom = (to: Role): Role[] => movesInto(ROLE_TRANSITIONS, to);
/** The statuses a move to `to` may start from. */
export const statusAllowedFrom = (to: UserStatus): UserStatus[] => movesInto(STATUS_TRANSITIONS, to);

/** The account's own holder. */
export type UserParty = 'self';

export type UserAction = 'view' | 'checkAdmin' | 'editProfile' | 'list' | 'changeRole' | 'changeStatus';

/** Who may do what to an account. Add a rule by adding a row (and its expected cells in the test). */
export const USER_RULES: Record<UserAction, Rule<never, UserParty>> = {
  /** A profile: its holder (blocked or not, to see why), or an admin. */
  view: { write: false, grants: [{ parties: ['self'], roles: ['admin'] }] },
  /** "Am I an admin?" (GET /user/admin/{email}): only about oneself. */
  checkAdmin: { write: false, grants: [{ parties: ['self'] }] },
  /** Edit a profile: its holder only. */
  editProfile: { write: true, grants: [{ parties: ['self'] }] },
  /** Every account (the users page): admins. */
  list: { write: false, grants: [{ roles: ['admin'] }] },
  /** Make an account admin, volunteer or donner; block or unblock it: admins (the moves: the tables above). */
  changeRole: { write: true, grants: [{ roles: ['admin'] }] },
  changeStatus: { write: true, grants: [{ roles: ['admin'] }] },
};

/** Null when the table allows the action on this account, else why not. */
export function refusal(actor: PolicyActor | null | undefined, action: UserAction, account: Person): PolicyRefusal | null {
  return decide(USER_RULES[action], actor, () => isSamePerson(actor, account), undefined);
}

export const can = (actor: PolicyActor | null | undefined, action: UserAction, account: Person) => refusal(actor, action, account) === null;

/**
 * The site must keep an active admin: a change that blocks an active admin or changes its role
 * takes one away (the server refuses it when it is the last, 409 `LAST_ADMIN`).
 */
export const takesAnAdminAway = (account: Actor, change: { status?: UserStatus; role?: Role }) =>
  account.role === 'admin' && account.status === 'active' && (change.status === 'blocked' || change.role !== undefined);

// ---------------------------------------------------------------------------------------------
// An account's standing (issue 30, decision 058): whether what it does may weigh on others. A
// report counts toward hiding a request, a request alerts donors and a pledge is taken only from
// accounts whose standing allows it, so that a few throwaway accounts cannot silence, harvest or
// flood anyone. The server enforces it, the web explains it.

export interface StandingSubject extends Actor {
  /** A confirmed address or a proven phone (issue 32): the users row's generated column `confirmed`. */
  confirmed: boolean;
  createdAt: Date | string;
  deletedAt?: Date | string | null;
}

export interface StandingSettings {
  /** Email is set up (SMTP_URL): addresses must be confirmed; without it every account counts as confirmed. */
  mail: boolean;
  /** NEW_ACCOUNT_HOURS: younger accounts are new; 0 turns the new-account rules off. */
  newAccountHours: number;
}

/**
 * A confirmed address or a proven phone when email is set up (every account counts as confirmed
 * when it is not): a phone-only account is confirmed by its code.
 */
export const isConfirmed = (user: Pick<StandingSubject, 'confirmed'>, settings: Pick<StandingSettings, 'mail'>) => !settings.mail || user.confirmed;

/** Younger than NEW_ACCOUNT_HOURS; volunteers and admins are never new. */
export function isNewAccount(user: StandingSubject, settings: Pick<StandingSettings, 'newAccountHours'>, now = Date.now()): boolean {
  if (settings.newAccountHours <= 0 || isStaff(user)) return false;
  return now - new Date(user.createdAt).getTime() < settings.newAccountHours * 3_600_000;
}

/** Confirmed, not new, not blocked, not deleted: what a report needs to count toward hiding a request. */
export const inGoodStanding = (user: StandingSubject, settings: StandingSettings, now = Date.now()) =>
  user.status === 'active' && !user.deletedAt && isConfirmed(user, settings) && !isNewAccount(user, settings, now);
