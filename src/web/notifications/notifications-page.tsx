import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Notification, RespondResult } from '../../shared/notifications';
import { type Answer, OUTREACH_MESSAGES } from '../../shared/outreach-rules';
import { REPORT_TEXTS } from '../../shared/report-rules';
import { pathTo } from '../../shared/routes';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { useRespond } from '../donation-requests/api';
import { errorMessage, Notice } from '../donation-requests';
import { useAuth } from '../lib/auth';
import { pageFromParams, withPage } from '../lib/page-param';
import { NOTIFICATIONS_PAGE_SIZE, useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from './api';
import { AnswerResult } from './shared/answer-result';
import { RequestEssentials } from './shared/request-essentials';

const WHEN = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Dhaka' });

const TITLES: Record<Notification['kind'], string> = {
  alert: OUTREACH_MESSAGES.alertTitle,
  pledge: OUTREACH_MESSAGES.pledgeReceived,
  withdrawal: OUTREACH_MESSAGES.withdrawalReceived,
  moderation: REPORT_TEXTS.notificationTitle,
};

/** Where a notification's link goes: a donor's alert to the public details page, the requester's news to their own view. */
const requestLink = (n: Notification & { request: NonNullable<Notification['request']> }) =>
  n.kind === 'alert' ? pathTo('requestDetails', { id: n.request._id }) : pathTo('viewDetails', { id: n.request._id });

/** One notification: its request's essentials and, for an unanswered alert on a pending request, Accept and Decline. */
function NotificationItem({ notification: n, canAnswer }: { notification: Notification; canAnswer: boolean }) {
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
      setError(errorMessage(e));
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
            <span className="badge badge-primary badge-sm mr-2 align-middle" aria-label="Unread">
              New
            </span>
          )}
          {TITLES[n.kind]}
        </h2>
        <time dateTime={n.createdAt} className="text-sm text-base-content/75">
          {WHEN.format(new Date(n.createdAt))}
        </time>
      </div>

      {r === null ? (
        <p className="text-base-content/80">{OUTREACH_MESSAGES.requestGone}</p>
      ) : (
        <>
          {n.kind === 'moderation' && <p className="mb-2">{REPORT_TEXTS.notificationBody}</p>}
          <RequestEssentials request={r} />
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
            <p className="mt-2 text-sm font-medium">{n.answer === 'accept' ? OUTREACH_MESSAGES.answeredAccept : OUTREACH_MESSAGES.answeredDecline}</p>
          )}
          {n.kind === 'alert' && !result && !n.answer && r.donationStatus !== 'pending' && <p className="mt-2 text-sm text-base-content/80">{OUTREACH_MESSAGES.notOpen}</p>}
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {open && canAnswer && (
              <>
                <button type="button" className="btn btn-primary btn-sm" disabled={respond.isPending} onClick={() => void answer('accept')}>
                  {respond.isPending && respond.variables.answer === 'accept' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                  {OUTREACH_MESSAGES.accept}
                </button>
                <button type="button" className="btn btn-outline btn-sm" disabled={respond.isPending} onClick={() => void answer('decline')}>
                  {respond.isPending && respond.variables.answer === 'decline' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                  {OUTREACH_MESSAGES.decline}
                </button>
              </>
            )}
            <Link to={requestLink({ ...n, request: r })} className="btn btn-ghost btn-sm" onClick={read}>
              {OUTREACH_MESSAGES.viewRequest}
            </Link>
            {!n.read && (
              <button type="button" className="btn btn-ghost btn-sm" disabled={markRead.isPending} onClick={read}>
                {OUTREACH_MESSAGES.markRead}
              </button>
            )}
          </div>
        </>
      )}
      {r === null && !n.read && (
        <button type="button" className="btn btn-ghost btn-sm mt-2" disabled={markRead.isPending} onClick={read}>
          {OUTREACH_MESSAGES.markRead}
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

  let body;
  if (list.isPending) body = <Spinner label="Loading your notifications…" />;
  else if (list.isError) {
    body = (
      <Notice
        tone="error"
        role="alert"
        action={
          <button type="button" className="btn btn-sm" onClick={() => void list.refetch()}>
            Try again
          </button>
        }
      >
        Could not load your notifications: {errorMessage(list.error)}
      </Notice>
    );
  } else if (list.data.rows.length === 0) {
    body = <p className="rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-10 text-center text-lg font-semibold">{OUTREACH_MESSAGES.noNotifications}</p>;
  } else {
    body = (
      <>
        <ul className="space-y-3" aria-label={OUTREACH_MESSAGES.pageHeading} aria-busy={list.isFetching}>
          {list.data.rows.map((n) => (
            <NotificationItem key={n._id} notification={n} canAnswer={canAnswer} />
          ))}
        </ul>
        <Pagination
          page={page}
          pageSize={NOTIFICATIONS_PAGE_SIZE}
          total={list.data.total}
          onPageChange={(next) => setParams(withPage(params, next))}
          label="Notification pages"
        />
      </>
    );
  }

  return (
    <section className="max-w-3xl">
      <PageTitle title={OUTREACH_MESSAGES.pageHeading} />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{OUTREACH_MESSAGES.pageHeading}</h1>
          <p className="mt-1 text-base-content/80">{OUTREACH_MESSAGES.pageIntro}</p>
        </div>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={markAll.isPending || !unread.data}
          onClick={() => markAll.mutate()}
        >
          {markAll.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {OUTREACH_MESSAGES.markAllRead}
        </button>
      </header>
      {body}
    </section>
  );
}
