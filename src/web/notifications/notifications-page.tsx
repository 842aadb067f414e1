import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Notification } from '../../shared/notifications/schemas';
import type { RespondResult } from '../../shared/outreach/schemas';
import type { Answer } from '../../shared/outreach/model';
import { pathTo } from '../../shared/routing/routes';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { useRespond } from '../donation-requests/api';
import { Notice, useErrorText } from '../donation-requests';
import { lang, useMessages } from '../i18n';
import { useAuth } from '../lib/auth';
import { formatDateTime } from '../lib/clock';
import { useDistrictName } from '../locations/api';
import { pageFromParams, withPage } from '../lib/page-param';
import { NOTIFICATIONS_PAGE_SIZE, useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from './api';
import { AnswerResult } from './shared/answer-result';
import { RequestEssentials } from './shared/request-essentials';
import { notificationItemText, notificationsPageText } from './texts';

/** Where a notification's link goes: a donor's alert to the public details page, the requester's news to their own view. */
const requestLink = (n: Notification & { request: NonNullable<Notification['request']> }) =>
  n.kind === 'alert' || n.kind === 'thanks' || n.kind === 'reminder' ? pathTo('requestDetails', { id: n.request._id }) : pathTo('viewDetails', { id: n.request._id });

/** One notification: its request's essentials and, for an unanswered alert on a pending request, Accept and Decline. */
function NotificationItem({ notification: n, canAnswer, district }: { notification: Notification; canAnswer: boolean; district: (english: string) => string }) {
  const t = useMessages(notificationItemText);
  const code = useMessages(lang);
  const errorText = useErrorText();
  const markRead = useMarkRead();
  const respond = useRespond();
  const [result, setResult] = useState<RespondResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titleId = `notification-${n._id}`;
  const read = () => {
    if (!n.read) markRead.mutate(n._id);
  };

  async function answer(choice: Answer) {
    if (!n.request) return;
    setError(null);
    try {
      setResult(await respond.mutateAsync({ id: n.request._id, answer: choice }));
    } catch (e) {
      setError(errorText(e));
    }
    read();
  }

  const r = n.request;
  const open = n.kind === 'alert' && r !== null && r.donationStatus === 'pending' && n.answer === null && result === null;
  return (
    <li
      aria-labelledby={titleId}
      data-unread={!n.read || undefined}
      className={`rounded-box border border-base-300 p-4 ${n.read ? 'bg-base-200/40' : 'border-l-4 border-l-primary bg-base-100 shadow-sm'}`}
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className={`text-base ${n.read ? 'font-medium' : 'font-bold'}`}>
          {!n.read && (
            <span className="badge badge-primary badge-sm mr-2 align-middle" aria-label={t.unread}>
              {t.new}
            </span>
          )}
          {t[n.kind]}
        </h2>
        <time dateTime={n.createdAt} className="text-sm text-base-content/75">
          {formatDateTime(n.createdAt, code)}
        </time>
      </div>

      {n.kind === 'eligible' ? (
        <>
          <p className="mb-3">{t.eligibleBody}</p>
          <div className="flex flex-wrap items-center gap-2">
            <Link to={pathTo('allRequest')} className="btn btn-primary btn-sm" onClick={read}>
              {t.seeRequests}
            </Link>
            {!n.read && (
              <button type="button" className="btn btn-ghost btn-sm" disabled={markRead.isPending} onClick={read}>
                {t.markRead}
              </button>
            )}
          </div>
        </>
      ) : r === null ? (
        <p className="text-base-content/80">{t.requestGone}</p>
      ) : (
        <>
          {n.kind === 'moderation' && <p className="mb-2">{t.moderationBody}</p>}
          {n.kind === 'flagged' && <p className="mb-2">{t.flaggedBody}</p>}
          {n.kind === 'reminder' && <p className="mb-2 font-medium">{t.reminderBody}</p>}
          {n.kind === 'thanks' && <p className="mb-2 font-medium">{t.thanksBody({ hospital: r.hospitalName })}</p>}
          <RequestEssentials request={r} district={district(r.recipientDistrict)} />
          {result && (
            <div className="mt-3">
              <AnswerResult result={result} />
            </div>
          )}
          {error && (
            <p role="alert" className="mt-3 rounded-box border border-l-4 border-base-300 border-l-error bg-base-100 p-3">
              {error}
            </p>
          )}
          {n.kind === 'alert' && !result && n.answer && (
            <p className="mt-2 text-sm font-medium">{n.answer === 'accept' ? t.answeredAccept : t.answeredDecline}</p>
          )}
          {n.kind === 'alert' && !result && !n.answer && r.donationStatus !== 'pending' && <p className="mt-2 text-sm text-base-content/80">{t.notOpen}</p>}
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {open && canAnswer && (
              <>
                <button type="button" className="btn btn-primary btn-sm" disabled={respond.isPending} onClick={() => void answer('accept')}>
                  {respond.isPending && respond.variables.answer === 'accept' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                  {t.accept}
                </button>
                <button type="button" className="btn btn-outline btn-sm" disabled={respond.isPending} onClick={() => void answer('decline')}>
                  {respond.isPending && respond.variables.answer === 'decline' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                  {t.decline}
                </button>
              </>
            )}
            <Link to={requestLink({ ...n, request: r })} className="btn btn-ghost btn-sm" onClick={read}>
              {t.viewRequest}
            </Link>
            {!n.read && (
              <button type="button" className="btn btn-ghost btn-sm" disabled={markRead.isPending} onClick={read}>
                {t.markRead}
              </button>
            )}
          </div>
        </>
      )}
      {r === null && n.kind !== 'eligible' && !n.read && (
        <button type="button" className="btn btn-ghost btn-sm mt-2" disabled={markRead.isPending} onClick={read}>
          {t.markRead}
        </button>
      )}
    </li>
  );
}

/** /dashboard/notifications (issue 15): the signed-in user's alerts and news, newest first. */
export function NotificationsPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const list = useNotifications(page);
  const unread = useUnreadCount(true);
  const markAll = useMarkAllRead();
  // A blocked account cannot pledge or decline: the server would refuse (and a 403 signs out).
  const canAnswer = user?.status === 'active';
  const t = useMessages(notificationsPageText);
  const errorText = useErrorText();
  const district = useDistrictName();

  let body;
  if (list.isPending) body = <Spinner label={t.loading} />;
  else if (list.isError) {
    body = (
      <Notice
        tone="error"
        role="alert"
        action={
          <button type="button" className="btn btn-sm" onClick={() => void list.refetch()}>
            {t.tryAgain}
          </button>
        }
      >
        {t.failed} {errorText(list.error)}
      </Notice>
    );
  } else if (list.data.rows.length === 0) {
    body = <p className="rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-10 text-center text-lg font-semibold">{t.none}</p>;
  } else {
    body = (
      <>
        <ul className="space-y-3" aria-label={t.heading} aria-busy={list.isFetching}>
          {list.data.rows.map((n) => (
            <NotificationItem key={n._id} notification={n} canAnswer={canAnswer} district={district} />
          ))}
        </ul>
        <Pagination
          page={page}
          pageSize={NOTIFICATIONS_PAGE_SIZE}
          total={list.data.total}
          onPageChange={(next) => setParams(withPage(params, next))}
          label={t.pages}
        />
      </>
    );
  }

  return (
    <section className="max-w-3xl">
      <PageTitle title={t.heading} />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{t.heading}</h1>
          <p className="mt-1 text-base-content/80">{t.intro}</p>
        </div>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={markAll.isPending || !unread.data}
          onClick={() => markAll.mutate()}
        >
          {markAll.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t.markAllRead}
        </button>
      </header>
      {body}
    </section>
  );
}
