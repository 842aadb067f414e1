import { Link, useLocation, useParams } from 'react-router';
import { Spinner } from '../components/spinner';
import { StatusBadge } from '../components/status-badge';
import { useAuth } from '../lib/auth';
import { useRequestDetail } from './api';
import { DetailSection } from './detail-section';
import { formatDate } from './format';
import { MissingRequest } from './missing-request';
import { PageHeader } from './page-header';
import { editPath, type FromState, MY_REQUESTS_PATH } from './paths';
import { canCloseDonation, canManage, hasDonor, isEditable } from './permissions';
import { useRequestActions } from './use-request-actions';
import { Email } from './request-table';

/** Spec section 2: userHome/viewDetails/{id}, read-only, with the donor once there is one. */
export function ViewRequestPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useRequestDetail(id);
  const location = useLocation();
  const { close, busyId } = useRequestActions();
  const from: FromState = { from: location.pathname };

  let body;
  if (!user || query.isPending) body = <Spinner label="Loading the request…" />;
  else if (query.isError) body = <MissingRequest error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const r = query.data;
    const busy = busyId === r._id;
    body = (
      <>
        <div className="mb-5 flex flex-wrap items-center gap-2">
          {canManage(user, r) && isEditable(r) && (
            <Link to={editPath(r._id)} state={from} className="btn btn-primary btn-sm">
              Edit
            </Link>
          )}
          {canCloseDonation(user, r) && (
            <>
              <button type="button" className="btn btn-success btn-sm" disabled={busy} onClick={() => void close(r, 'done')}>
                Done<span className="sr-only">: mark this request done</span>
              </button>
              <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void close(r, 'canceled')}>
                Cancel<span className="sr-only"> this donation</span>
              </button>
            </>
          )}
        </div>
        <div className="grid max-w-5xl gap-4 md:grid-cols-2">
          <DetailSection
            id="recipient"
            title="Recipient"
            items={[
              { label: 'Name', value: r.recipientName },
              { label: 'Blood group', value: r.bloodGroup },
              { label: 'Division', value: r.recipientDivision },
              { label: 'District', value: r.recipientDistrict },
              { label: 'Upazila', value: r.recipientUpazila },
            ]}
          />
          <DetailSection
            id="hospital"
            title="Hospital"
            items={[
              { label: 'Name', value: r.hospitalName },
              { label: 'Address', value: r.fullAddress },
            ]}
          />
          <DetailSection
            id="donation"
            title="Donation information"
            items={[
              { label: 'Date', value: <time dateTime={r.donationDate}>{formatDate(r.donationDate)}</time> },
              { label: 'Time', value: r.donationTime },
              { label: 'Status', value: <StatusBadge status={r.donationStatus} /> },
              { label: 'Request message', value: <span className="whitespace-pre-line">{r.requestMessage}</span> },
              { label: 'Requested by', value: `${r.requesterName} (${r.requesterEmail})` },
            ]}
          />
          {hasDonor(r) && (
            <DetailSection
              id="donor"
              title="Donor information"
              items={[
                { label: 'Name', value: r.donarName },
                { label: 'Email', value: <Email address={r.donarEmail ?? ''} /> },
              ]}
            />
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Donation Request"
        heading={query.data ? `Request for ${query.data.recipientName}` : 'Donation Request'}
        actions={
          <Link to={MY_REQUESTS_PATH} className="btn btn-ghost btn-sm">
            ← My requests
          </Link>
        }
      />
      {body}
    </>
  );
}
