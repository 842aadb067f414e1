import { Link, useLocation, useParams } from 'react-router';
import { PhoneLink } from '../components/phone-link';
import { Spinner } from '../components/spinner';
import { SafetyNotice } from '../reports';
import { useAuth } from '../lib/auth';
import { useRequestDetail } from './api';
import { canCloseDonation, canManage, hasDonor, isEditable } from './permissions';
import { DetailSection, RequestSections } from './shared/detail-section';
import { MatchingDonors, PledgesSection } from './shared/matching-donors';
import { MissingRequest } from './shared/missing-request';
import { OutreachPanel } from './shared/outreach-panel';
import { PageHeader } from './shared/page-header';
import { PledgePanel } from './shared/pledge-panel';
import { editPath, type FromState, MY_REQUESTS_PATH } from './shared/paths';
import { Email } from './shared/request-table';
import { useRequestActions } from './shared/use-request-actions';

/** Spec section 2: userHome/viewDetails/{id}, read-only, with the donor once there is one. */
export function ViewDetailsPage() {
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
    // The donor of record's phone (issue 15), when they gave one: in their pledge.
    const donorPhone = r.pledges?.find((p) => p.email === r.donarEmail)?.phone;
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
        <RequestSections
          request={r}
          className="grid max-w-5xl gap-4 md:grid-cols-2"
          recipient={['recipientName', 'bloodGroup', 'division', 'district', 'upazila']}
          donation={{ title: 'Donation information', fields: ['date', 'time', 'need', 'urgency', 'status', 'message', 'requestedBy'] }}
        >
          {hasDonor(r) && (
            <DetailSection
              id="donor"
              title="Donor information"
              items={[
                { label: 'Name', value: r.donarName },
                { label: 'Email', value: <Email address={r.donarEmail ?? ''} /> },
                ...(donorPhone ? [{ label: 'Phone', value: <PhoneLink phone={donorPhone} /> }] : []),
              ]}
            />
          )}
          <PledgesSection request={r} />
        </RequestSections>
        <PledgePanel request={r} />
        <SafetyNotice request={r} />
        <OutreachPanel request={r} />
        <MatchingDonors request={r} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Donation Request"
        heading={query.data ? `Request for ${query.data.recipientName}` : 'Donation Request'}
        back={
          <Link to={MY_REQUESTS_PATH} className="btn btn-ghost btn-sm -ml-3">
            ← My requests
          </Link>
        }
      />
      {body}
    </>
  );
}
