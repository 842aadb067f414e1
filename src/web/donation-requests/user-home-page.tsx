import { Link } from 'react-router';
import { Spinner } from '../components/spinner';
import { useMessages } from '../i18n';
import { useAuth } from '../lib/auth';
import { RECENT_LIMIT, useRequestList } from './api';
import { PageHeader } from './shared/page-header';
import { CREATE_PATH, MY_REQUESTS_PATH } from './shared/paths';
import { EmptyState, QueryError } from './shared/query-states';
import { RequestTable } from './shared/request-table';
import { dashboardText } from './texts';

/** Spec section 2: a welcome, the user's three most recent requests and a link to all of them. */
export function UserHomePage() {
  const { user } = useAuth();
  const query = useRequestList(user ? { scope: 'mine', email: user.email, page: 1, limit: RECENT_LIMIT } : null);
  const t = useMessages(dashboardText);

  let body;
  if (!user || query.isPending) body = <Spinner label={t.loadingYours} />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} what={t.yourRequests} />;
  else if (query.data.rows.length === 0) {
    body = (
      <EmptyState title={t.emptyTitle}>
        <p>{t.emptyText}</p>
        <Link to={CREATE_PATH} className="btn btn-primary btn-sm mt-4">
          {t.create}
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <RequestTable rows={query.data.rows} user={user} label={t.recentLabel} />
        <p className="mt-4 text-center">
          <Link to={MY_REQUESTS_PATH} className="btn btn-outline btn-primary btn-sm">
            {t.viewAll}
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t.title} heading={user ? t.welcomeName({ name: user.name }) : t.welcome}>
        {t.thanks}
      </PageHeader>
      <section aria-labelledby="recent-requests">
        <h2 id="recent-requests" className="mb-3 text-lg font-semibold">
          {t.recent}
        </h2>
        {body}
      </section>
    </>
  );
}
