import { useAuth } from '../lib/auth';
import { PageHeader } from './page-header';
import { RequestList } from './request-list';

export function AllDonationRequestsPage() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader title="All Donation Requests">
        {user?.role === 'admin'
          ? 'Every request on the site, newest first. You can edit, delete, and mark requests in progress done or canceled.'
          : 'Every request on the site, newest first. You can mark requests in progress done or canceled; only the requester or an admin can edit or delete.'}
      </PageHeader>
      <RequestList scope="all" label="All donation requests" />
    </>
  );
}
