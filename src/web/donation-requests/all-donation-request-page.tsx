import { useAuth } from '../lib/auth';
import { PageHeader } from './shared/page-header';
import { RequestList } from './shared/request-list';

export function AllDonationRequestPage() {
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
