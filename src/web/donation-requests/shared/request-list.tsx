import { Link, Navigate, useLocation } from 'react-router';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { useMessages } from '../../i18n';
import { useAuth } from '../../lib/auth';
import { type ListFilters, PAGE_SIZE, useRequestList } from '../api';
import { dashboardText, statusText } from '../texts';
import { CREATE_PATH } from './paths';
import { EmptyState, QueryError } from './query-states';
import { RequestTable } from './request-table';
import { StatusFilter, UrgencyFilter } from './status-filter';
import { useListParams } from './use-list-params';

interface RequestListProps {
  /** The signed-in user's own requests, or every request (admins and volunteers). */
  scope: 'mine' | 'all';
  label: string;
}

/** Status filter, table and pagination of a dashboard list (my requests, all requests). */
export function RequestList({ scope, label }: RequestListProps) {
  const { user } = useAuth();
  const location = useLocation();
  const { page, status, urgency, setPage, setStatus, setUrgency } = useListParams();
  const filters: ListFilters | null = !user
    ? null
    : scope === 'mine'
      ? { scope, email: user.email, status, urgency, page, limit: PAGE_SIZE }
      : { scope, status, urgency, page, limit: PAGE_SIZE };
  const query = useRequestList(filters);
  const t = useMessages(dashboardText);
  const labels = useMessages(statusText);

  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Past the end (the last row of the last page was deleted, or an old link): show the last page.
  if (query.isSuccess && !query.isPlaceholderData && page > lastPage) {
    const params = new URLSearchParams(location.search);
    if (lastPage === 1) params.delete('page');
    else params.set('page', String(lastPage));
    return <Navigate replace to={{ pathname: location.pathname, search: params.toString() }} />;
  }

  let body;
  if (!user || query.isPending) body = <Spinner label={t.loading} />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.rows.length === 0) {
    body = status || urgency ? (
      <EmptyState title={status ? t.noneWithStatus({ status: labels[status].toLowerCase() }) : t.noneWithUrgency}>
        <button
          type="button"
          className="btn btn-ghost btn-sm mt-2"
          onClick={() => {
            setStatus(undefined);
            setUrgency(undefined);
          }}
        >
          {t.showAllRequests}
        </button>
      </EmptyState>
    ) : scope === 'mine' ? (
      <EmptyState title={t.emptyTitle}>
        <p>{t.emptyText}</p>
        <Link to={CREATE_PATH} className="btn btn-primary btn-sm mt-4">
          {t.create}
        </Link>
      </EmptyState>
    ) : (
      <EmptyState title={t.noneYet} />
    );
  } else {
    body = (
      <>
        <RequestTable rows={query.data.rows} user={user} label={label} showRequester={scope === 'all'} />
        <Pagination page={page} pageSize={PAGE_SIZE} total={total} onPageChange={(p) => setPage(p)} label={t.pages({ label })} />
      </>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <StatusFilter id={`${scope}-status-filter`} value={status} onChange={setStatus} />
          <UrgencyFilter id={`${scope}-urgency-filter`} value={urgency} onChange={setUrgency} />
        </div>
        {query.isSuccess && (
          <p className="text-sm text-base-content/80" aria-live="polite">
            {t.count(total)}
            {status ? ` ${labels[status].toLowerCase()}` : ''}
          </p>
        )}
      </div>
      <div aria-busy={query.isFetching}>{body}</div>
    </div>
  );
}
