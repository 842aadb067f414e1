// An account's standing (issue 30, decision 058): whether what it does may weigh on others. A
// report counts toward hiding a request, a request alerts donors and a pledge is taken only from
// accounts whose standing allows it, so that a few throwaway accounts cannot silence, harvest or
// flood anyone. Zod-free: the server enforces it, the web explains it.
import { isStaff, type Actor } from './access';

export interface StandingSubject extends Actor {
  emailVerified: boolean;
  createdAt: Date | string;
  deletedAt?: Date | string | null;
}

export interface StandingSettings {
  /** Email is set up (SMTP_URL): addresses must be confirmed; without it every account counts as confirmed. */
  mail: boolean;
  /** NEW_ACCOUNT_HOURS: younger accounts are new; 0 turns the new-account rules off. */
  newAccountHours: number;
}

/** A confirmed address when email is set up (every account counts as confirmed when it is not). */
export const isConfirmed = (user: Pick<StandingSubject, 'emailVerified'>, settings: Pick<StandingSettings, 'mail'>) => !settings.mail || user.emailVerified;

/** Younger than NEW_ACCOUNT_HOURS; volunteers and admins are never new. */
export function isNewAccount(user: StandingSubject, settings: Pick<StandingSettings, 'newAccountHours'>, now = Date.now()): boolean {
  if (settings.newAccountHours <= 0 || isStaff(user)) return false;
  return now - new Date(user.createdAt).getTime() < settings.newAccountHours * 3_600_000;
}

/** Confirmed, not new, not blocked, not deleted: what a report needs to count toward hiding a request. */
export const inGoodStanding = (user: StandingSubject, settings: StandingSettings, now = Date.now()) =>
  user.status === 'active' && !user.deletedAt && isConfirmed(user, settings) && !isNewAccount(user, settings, now);
