import { Link } from 'react-router';
import { DONATION_MESSAGES } from '../../shared/donation-request-rules';
import { Spinner } from '../components/spinner';
import { useAuth } from '../lib/auth';
import { RECENT_LIMIT, useRequestList } from './api';
import { PageHeader } from './shared/page-header';
import { CREATE_PATH, MY_REQUESTS_PATH } from './shared/paths';
import { EmptyState, QueryError } from './shared/query-states';
import { RequestTable } from './shared/request-table';

/** Spec section 2: a welcome, the user's three most recent requests and a link to all of them. */
export function UserHomePage() {
  const { user } = useAuth();
  const query = useRequestList(user ? { scope: 'mine', email: user.email, page: 1, limit: RECENT_LIMIT } : null);

  let body;
  if (!user || query.isPending) body = <Spinner label="Loading your requests…" />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} what="your requests" />;
  else if (query.data.rows.length === 0) {
    body = (
      <EmptyState title="You have not asked for blood yet.">
        <p>When someone you know needs blood, create a request and donors nearby can answer it.</p>
        <Link to={CREATE_PATH} className="btn btn-primary btn-sm mt-4">
          Create Request
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <RequestTable rows={query.data.rows} user={user} label="My recent donation requests" />
        <p className="mt-4 text-center">
          <Link to={MY_REQUESTS_PATH} className="btn btn-outline btn-primary btn-sm">
            {DONATION_MESSAGES.viewAll}
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Dashboard" heading={user ? `Welcome, ${user.name}` : 'Welcome'}>
        Thank you for being part of a community that saves lives.
      </PageHeader>
      <section aria-labelledby="recent-requests">
        <h2 id="recent-requests" className="mb-3 text-lg font-semibold">
          Your recent donation requests
        </h2>
        {body}
      </section>
    </>
  );
}
