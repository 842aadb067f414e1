import { Link, useSearchParams } from 'react-router';
import type { Lang } from '../../shared/i18n/model';
import type { ReportResolution } from '../../shared/reports/model';
import type { ReportQueueRow } from '../../shared/reports/schemas';
import { pathTo } from '../../shared/routing/routes';
import { confirmDialog } from '../components/dialogs';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { commonText } from '../components/texts';
import { EmptyState, QueryError, useErrorText } from '../donation-requests';
import { statusText } from '../donation-requests/texts';
import { lang, useMessages } from '../i18n';
import { pageFromParams, withPage } from '../lib/page-param';
import { formatDateTime } from '../lib/clock';
import { toast } from '../lib/toast';
import { REPORTS_PAGE_SIZE, useReportQueue, useResolveReports } from './api';
import { DisputedRequesters } from './disputed-requesters';
import { queueText, reasonsText } from './texts';

/** "5 Mar, 2:05 pm" (Dhaka time), in the language's digits, month names and parts of the day. */
const when = (iso: string, code: Lang) => formatDateTime(iso, code);

/** One reported request: what it is, how many reported it and why, and Dismiss / Remove. */
function ReportedRequest({ row }: { row: ReportQueueRow }) {
  const resolve = useResolveReports();
  const busy = resolve.isPending && resolve.variables.id === row.requestId;
  const titleId = `reported-${row.requestId}`;
  const t = useMessages(queueText);
  const reasons = useMessages(reasonsText);
  const status = useMessages(statusText);
  const common = useMessages(commonText);
  const code = useMessages(lang);
  const errorText = useErrorText();

  async function act(resolution: ReportResolution) {
    const ok = await confirmDialog(
      resolution === 'remove'
        ? { title: t.confirmRemoveTitle, text: t.confirmRemove, confirmText: t.remove, cancelText: common.cancel }
        : { title: t.confirmDismissTitle, text: t.confirmDismiss, confirmText: t.dismiss, cancelText: common.cancel, icon: 'question' },
    );
    if (!ok) return;
    try {
      await resolve.mutateAsync({ id: row.requestId, resolution });
      toast.success(resolution === 'remove' ? t.removed : t.dismissed);
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  return (
    <li aria-labelledby={titleId} className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold break-words">
            <Link to={pathTo('viewDetails', { id: row.requestId })} className="link link-hover">
              <span data-user-content>{row.recipientName}</span>
            </Link>
          </h2>
          <p className="text-sm text-base-content/80 break-words">
            <span data-user-content>{row.hospitalName}</span> · {status[row.donationStatus]}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-error badge-outline font-semibold">
            {t.openReports(row.openReports)}
          </span>
          {row.hidden && <span className="badge badge-warning">{t.hidden}</span>}
          {row.flagged && <span className="badge badge-error">{t.flagged}</span>}
        </div>
      </div>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        <dt className="font-medium">{t.columnReasons}</dt>
        <dd className="flex flex-wrap gap-1">
          {row.reasons.map((r) => (
            <span key={r} className="badge badge-ghost badge-sm">
              {reasons[r]}
            </span>
          ))}
        </dd>
        {row.notes.length > 0 && (
          <>
            <dt className="font-medium">{t.columnNotes}</dt>
            <dd>
              <ul className="space-y-1">
                {row.notes.map((n, i) => (
                  <li key={i} className="border-l-2 border-base-300 pl-2 break-words" data-user-content>
                    {n}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt className="sr-only">{t.lastReport}</dt>
        <dd className="text-base-content/75 sm:col-span-2">
          <time dateTime={row.lastReportedAt}>{when(row.lastReportedAt, code)}</time>
        </dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void act('dismiss')}>
          {busy && resolve.variables.resolution === 'dismiss' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t.dismiss}
          <span className="sr-only" data-user-content>
            : {row.recipientName}
          </span>
        </button>
        <button type="button" className="btn btn-error btn-sm" disabled={busy} onClick={() => void act('remove')}>
          {busy && resolve.variables.resolution === 'remove' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t.remove}
          <span className="sr-only" data-user-content>
            : {row.recipientName}
          </span>
        </button>
      </div>
    </li>
  );
}

/** /dashboard/reports (issue 17): the moderation queue for volunteers and admins. */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const list = useReportQueue(page);
  const t = useMessages(queueText);

  let body;
  if (list.isPending) body = <Spinner label={t.loading} />;
  else if (list.isError) body = <QueryError error={list.error} onRetry={() => void list.refetch()} what={t.what} />;
  else if (list.data.rows.length === 0) body = <EmptyState title={t.empty} />;
  else {
    body = (
      <>
        <ul className="space-y-3" aria-label={t.pageTitle} aria-busy={list.isFetching}>
          {list.data.rows.map((row) => (
            <ReportedRequest key={row.requestId} row={row} />
          ))}
        </ul>
        <Pagination page={page} pageSize={REPORTS_PAGE_SIZE} total={list.data.total} onPageChange={(next) => setParams(withPage(params, next))} label={t.pagesLabel} />
      </>
    );
  }

  return (
    <section className="max-w-3xl">
      <PageTitle title={t.pageTitle} />
      <header className="mb-6">
        <h1 className="text-2xl font-bold sm:text-3xl">{t.pageTitle}</h1>
        <p className="mt-1 text-base-content/80">{t.pageIntro}</p>
      </header>
      {body}
      <DisputedRequesters />
    </section>
  );
}
