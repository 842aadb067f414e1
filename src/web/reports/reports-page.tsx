import { Link, useSearchParams } from 'react-router';
import { STATUS_LABELS } from '../../shared/donation-request-rules';
import { REPORT_REASON_LABELS, REPORT_TEXTS, type ReportResolution } from '../../shared/report-rules';
import type { ReportQueueRow } from '../../shared/reports';
import { pathTo } from '../../shared/routes';
import { confirmDialog } from '../components/dialogs';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { errorMessage, Notice } from '../donation-requests';
import { pageFromParams, withPage } from '../lib/page-param';
import { toast } from '../lib/toast';
import { REPORTS_PAGE_SIZE, useReportQueue, useResolveReports } from './api';

const WHEN = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Dhaka' });

/** One reported request: what it is, how many reported it and why, and Dismiss / Remove. */
function ReportedRequest({ row }: { row: ReportQueueRow }) {
  const resolve = useResolveReports();
  const busy = resolve.isPending && resolve.variables.id === row.requestId;
  const titleId = `reported-${row.requestId}`;

  async function act(resolution: ReportResolution) {
    const ok = await confirmDialog(
      resolution === 'remove'
        ? { title: REPORT_TEXTS.confirmRemoveTitle, text: REPORT_TEXTS.confirmRemove, confirmText: REPORT_TEXTS.remove }
        : { title: REPORT_TEXTS.confirmDismissTitle, text: REPORT_TEXTS.confirmDismiss, confirmText: REPORT_TEXTS.dismiss, icon: 'question' },
    );
    if (!ok) return;
    try {
      await resolve.mutateAsync({ id: row.requestId, resolution });
      toast.success(resolution === 'remove' ? REPORT_TEXTS.removed : REPORT_TEXTS.dismissed);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <li aria-labelledby={titleId} className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold break-words">
            <Link to={pathTo('viewDetails', { id: row.requestId })} className="link link-hover">
              {row.recipientName}
            </Link>
          </h2>
          <p className="text-sm text-base-content/80 break-words">
            {row.hospitalName} · {STATUS_LABELS[row.donationStatus]}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-error badge-outline font-semibold">
            {REPORT_TEXTS.openReports(row.openReports)}
          </span>
          {row.hidden && <span className="badge badge-warning">{REPORT_TEXTS.hidden}</span>}
        </div>
      </div>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        <dt className="font-medium">{REPORT_TEXTS.columnReasons}</dt>
        <dd className="flex flex-wrap gap-1">
          {row.reasons.map((r) => (
            <span key={r} className="badge badge-ghost badge-sm">
              {REPORT_REASON_LABELS[r]}
            </span>
          ))}
        </dd>
        {row.notes.length > 0 && (
          <>
            <dt className="font-medium">{REPORT_TEXTS.columnNotes}</dt>
            <dd>
              <ul className="space-y-1">
                {row.notes.map((n, i) => (
                  <li key={i} className="border-l-2 border-base-300 pl-2 break-words">
                    {n}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt className="sr-only">{REPORT_TEXTS.lastReport}</dt>
        <dd className="text-base-content/75 sm:col-span-2">
          <time dateTime={row.lastReportedAt}>{WHEN.format(new Date(row.lastReportedAt))}</time>
        </dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void act('dismiss')}>
          {busy && resolve.variables.resolution === 'dismiss' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {REPORT_TEXTS.dismiss}
          <span className="sr-only">: {row.recipientName}</span>
        </button>
        <button type="button" className="btn btn-error btn-sm" disabled={busy} onClick={() => void act('remove')}>
          {busy && resolve.variables.resolution === 'remove' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {REPORT_TEXTS.remove}
          <span className="sr-only">: {row.recipientName}</span>
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

  let body;
  if (list.isPending) body = <Spinner label={REPORT_TEXTS.loading} />;
  else if (list.isError) {
    body = (
      <Notice
        tone="error"
        role="alert"
        action={
          <button type="button" className="btn btn-sm" onClick={() => void list.refetch()}>
            {REPORT_TEXTS.retry}
          </button>
        }
      >
        {REPORT_TEXTS.loadFailed}: {errorMessage(list.error)}
      </Notice>
    );
  } else if (list.data.rows.length === 0) {
    body = <p className="rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-10 text-center text-lg font-semibold">{REPORT_TEXTS.empty}</p>;
  } else {
    body = (
      <>
        <ul className="space-y-3" aria-label={REPORT_TEXTS.pageTitle} aria-busy={list.isFetching}>
          {list.data.rows.map((row) => (
            <ReportedRequest key={row.requestId} row={row} />
          ))}
        </ul>
        <Pagination page={page} pageSize={REPORTS_PAGE_SIZE} total={list.data.total} onPageChange={(next) => setParams(withPage(params, next))} label={REPORT_TEXTS.pagesLabel} />
      </>
    );
  }

  return (
    <section className="max-w-3xl">
      <PageTitle title={REPORT_TEXTS.pageTitle} />
      <header className="mb-6">
        <h1 className="text-2xl font-bold sm:text-3xl">{REPORT_TEXTS.pageTitle}</h1>
        <p className="mt-1 text-base-content/80">{REPORT_TEXTS.pageIntro}</p>
      </header>
      {body}
    </section>
  );
}
