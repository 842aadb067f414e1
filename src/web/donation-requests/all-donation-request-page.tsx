import { isAdmin } from '../../shared/access';
import { ENDPOINTS } from '../../shared/endpoints';
import { INSIGHT_TEXTS } from '../../shared/insight-rules';
import { useCsvDownload } from '../insight/api';
import { useAuth } from '../lib/auth';
import { PageHeader } from './shared/page-header';
import { RequestList } from './shared/request-list';
import { useListParams } from './shared/use-list-params';

/** Admins: the requests as CSV, with the list's status and urgency filters. */
function ExportButton() {
  const { status, urgency } = useListParams();
  const csv = useCsvDownload(ENDPOINTS.donationRequestsCsv);
  return (
    <button type="button" className="btn btn-sm btn-outline mb-4" disabled={csv.isPending} onClick={() => csv.mutate({ status, urgency })}>
      {INSIGHT_TEXTS.exportCsv}
    </button>
  );
}

export function AllDonationRequestPage() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader title="All Donation Requests">
        {user?.role === 'admin'
          ? 'Every request on the site, newest first. You can edit, delete, and mark requests in progress done or canceled.'
          : 'Every request on the site, newest first. You can mark requests in progress done or canceled; only the requester or an admin can edit or delete.'}
      </PageHeader>
      {isAdmin(user) ? <ExportButton /> : null}
      <RequestList scope="all" label="All donation requests" />
    </>
  );
}
