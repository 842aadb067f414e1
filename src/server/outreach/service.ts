import { eq } from 'drizzle-orm';
import type { Answer } from '../../shared/outreach/model';
import { USER_MESSAGES } from '../../shared/users/texts';
import { users } from '../db/schema/accounts';
import type { RequestsContext } from '../donation-requests/service';
import { notFound } from '../errors';
import { respond, withdrawPledge } from './answers';

/**
 * An account's answer to a request, as the app takes it (answers.ts, every rule of a pledge), for
 * a caller that knows the account only by id: an SMS reply from its proven phone (sms/inbound.ts).
 * After accept: the family's phone, if it gave one. Refusals throw as they do for the API.
 */
export function answerAs(requests: RequestsContext) {
  return async (userId: string, requestId: string, answer: Answer): Promise<string | null> => {
    const [actor] = await requests.db.select().from(users).where(eq(users.id, userId));
    if (!actor) throw notFound(USER_MESSAGES.noUser);
    return respond(requests, actor, requestId, answer, { actorId: userId, ip: null });
  };
}

/** A pledged donor's withdrawal for a caller that knows them only by id: a reminder's SMS reply "2" (issue 33, sms/inbound.ts). */
export function withdrawAs(requests: RequestsContext) {
  return async (userId: string, requestId: string): Promise<number> => {
    const [actor] = await requests.db.select().from(users).where(eq(users.id, userId));
    if (!actor) throw notFound(USER_MESSAGES.noUser);
    return withdrawPledge(requests.db, requests.jobs, actor, requestId);
  };
}
