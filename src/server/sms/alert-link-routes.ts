import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { respondSchema } from '../../shared/outreach/schemas';
import { needsDonors } from '../../shared/outreach/model';
import type { AppDeps } from '../deps';
import { users } from '../db/schema/accounts';
import { notifications, outreachAnswers } from '../db/schema/outreach';
import { donationRequests } from '../db/schema/requests';
import { HttpError } from '../errors';
import { alertLinkToken } from './alert-link';
import { type AlertLinkView, renderAlertLinkPage } from './alert-link-page';

// The alert SMS's short link (issue 32): GET /r/{token} shows the request and two buttons, POST
// /r/{token} (a plain form post, answer=accept|decline) answers it as the donor the alert was
// sent to, with every rule of an answer in the app. The token is the credential for that one
// answer: signed (alert-link.ts), kept on the alert, and no good once the request stops looking
// for donors. Pages are never cached and never send the link on as a referrer.

const TOKEN = /^[A-Za-z0-9_-]{8}$/;
const params = z.object({ token: z.string().max(64) });

export const alertLinkRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  /** The alert the token names, with its donor and request; null when it names none (or not validly). */
  async function alertOf(token: string) {
    if (!TOKEN.test(token)) return null;
    const [row] = await deps.db
      .select({
        id: notifications.id,
        donor: { id: users.id, name: users.name, phone: users.phoneNumber, lang: users.locale, status: users.status, deletedAt: users.deletedAt },
        request: donationRequests,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .innerJoin(donationRequests, eq(donationRequests.id, notifications.requestId))
      .where(eq(notifications.linkToken, token));
    if (!row) return null;
    // Signed for this alert (a token written to the row any other way is no good).
    if (alertLinkToken(deps.secret, row.id) !== token) return null;
    if (row.donor.status !== 'active' || row.donor.deletedAt !== null || !row.donor.phone) return null;
    return row;
  }

  async function earlierAnswer(requestId: string, userId: string) {
    const [row] = await deps.db
      .select({ answer: outreachAnswers.answer })
      .from(outreachAnswers)
      .where(and(eq(outreachAnswers.requestId, requestId), eq(outreachAnswers.userId, userId)));
    return row?.answer ?? null;
  }

  const open = (r: typeof donationRequests.$inferSelect) => needsDonors(r, new Date(), deps.config.REPORTS_TO_HIDE);

  function send(reply: FastifyReply, status: number, view: AlertLinkView) {
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(renderAlertLinkPage(view));
  }

  async function askView(alert: NonNullable<Awaited<ReturnType<typeof alertOf>>>, token: string): Promise<AlertLinkView> {
    const locations = await deps.locations.get();
    const r = alert.request;
    const lang = alert.donor.lang;
    return {
      kind: 'ask',
      lang,
      token,
      request: {
        bloodGroup: r.bloodGroup,
        component: r.component,
        urgency: r.urgency,
        unitsStillNeeded: Math.max(0, r.unitsNeeded - r.pledgeCount),
        hospital: r.hospitalName,
        place: [locations.upazilaName(r.upazilaId, lang), locations.districtName(r.districtId, lang)].filter(Boolean).join(', '),
        day: r.donationDate,
        time: r.donationTime,
      },
      donorName: alert.donor.name,
      donorPhone: alert.donor.phone!,
      answered: await earlierAnswer(r.id, alert.donor.id),
    };
  }

  app.get('/r/:token', { schema: { params } }, async (request, reply) => {
    const alert = await alertOf(request.params.token);
    if (!alert) return send(reply, 404, { kind: 'unknown' });
    const view = await askView(alert, request.params.token);
    // A donor who pledged still sees what they pledged to; anyone else, only while it looks for donors.
    if (view.kind === 'ask' && view.answered !== 'accept' && !open(alert.request)) return send(reply, 410, { kind: 'not-open', lang: alert.donor.lang });
    return send(reply, 200, view);
  });

  await app.register(async (scoped) => {
    // The page's form, and nothing else (415 for any other body).
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scoped.withTypeProvider<ZodTypeProvider>().post('/r/:token', { schema: { params, body: respondSchema } }, async (request, reply) => {
      const { token } = request.params;
      const { answer } = request.body;
      const alert = await alertOf(token);
      if (!alert) return send(reply, 404, { kind: 'unknown' });
      const lang = alert.donor.lang;
      const earlier = await earlierAnswer(alert.request.id, alert.donor.id);
      // The same answer again (a second tap, a reload of the post): the page as it now stands.
      if (earlier === answer || earlier === 'accept') return send(reply, 200, await askView(alert, token));
      if (!open(alert.request)) return send(reply, 410, { kind: 'not-open', lang });
      try {
        const familyPhone = await deps.answerAs(alert.donor.id, alert.request.id, answer);
        return send(reply, 200, answer === 'accept' ? { kind: 'pledged', lang, familyPhone } : { kind: 'declined', lang });
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
        return send(reply, err.statusCode, { kind: 'not-counted', lang });
      }
    });
  });
};
