import { isAdmin } from '../../shared/access/policy';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { useMessages } from '../i18n';
import { useCsvDownload } from '../insight/api';
import { useAuth } from '../lib/auth';
import { PageHeader } from './shared/page-header';
import { RequestList } from './shared/request-list';
import { useListParams } from './shared/use-list-params';
import { allRequestsText } from './texts';

/** Admins: the requests as CSV, with the list's status and urgency filters. */
function ExportButton() {
  const { status, urgency } = useListParams();
  const csv = useCsvDownload(ENDPOINTS.donationRequestsCsv);
  const t = useMessages(allRequestsText);
  return (
    <button type="button" className="btn btn-sm btn-outline mb-4" disabled={csv.isPending} onClick={() => csv.mutate({ status, urgency })}>
      {t.exportCsv}
    </button>
  );
}

export function AllDonationRequestPage() {
  const { user } = useAuth();
  const t = useMessages(allRequestsText);
  return (
    <>
      <PageHeader title={t.title}>{user?.role === 'admin' ? t.introAdmin : t.introVolunteer}</PageHeader>
      {isAdmin(user) ? <ExportButton /> : null}
      <RequestList scope="all" label={t.label} />
    </>
  );
}
