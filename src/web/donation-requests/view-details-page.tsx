import { Link, useLocation, useParams } from 'react-router';
import { PhoneLink } from '../components/phone-link';
import { Spinner } from '../components/spinner';
import { useMessages } from '../i18n';
import { SafetyNotice } from '../reports';
import { useAuth } from '../lib/auth';
import { useRequestDetail } from './api';
import { canCloseDonation, canManage, hasDonor, isEditable } from './permissions';
import { DetailSection, RequestSections } from './shared/detail-section';
import { MatchingDonors } from './shared/matching-donors';
import { PledgesSection } from './shared/pledges-section';
import { MissingRequest } from './shared/missing-request';
import { OutreachPanel } from './shared/outreach-panel';
import { PageHeader } from './shared/page-header';
import { PledgePanel } from './shared/pledge-panel';
import { editPath, type FromState, MY_REQUESTS_PATH } from './shared/paths';
import { Email } from './shared/request-table';
import { useRequestActions } from './shared/use-request-actions';
import { requestsCommonText, viewText } from './texts';

/** Spec section 2: userHome/viewDetails/{id}, read-only, with the donor once there is one. */
export function ViewDetailsPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useRequestDetail(id);
  const location = useLocation();
  const { close, busyId } = useRequestActions();
  const from: FromState = { from: location.pathname };
  const t = useMessages(viewText);
  const common = useMessages(requestsCommonText);

  let body;
  if (!user || query.isPending) body = <Spinner label={common.loadingRequest} />;
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
              {t.edit}
            </Link>
          )}
          {canCloseDonation(user, r) && (
            <>
              <button type="button" className="btn btn-success btn-sm" disabled={busy} onClick={() => void close(r, 'done')}>
                {t.done}
                <span className="sr-only">{t.doneFor}</span>
              </button>
              <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void close(r, 'canceled')}>
                {t.cancel}
                <span className="sr-only">{t.cancelFor}</span>
              </button>
            </>
          )}
        </div>
        <RequestSections
          request={r}
          className="grid max-w-5xl gap-4 md:grid-cols-2"
          recipient={['recipientName', 'bloodGroup', 'division', 'district', 'upazila']}
          donation={{ title: t.donationInformation, fields: ['date', 'time', 'need', 'urgency', 'status', 'message', 'requestedBy'] }}
        >
          {hasDonor(r) && (
            <DetailSection
              id="donor"
              title={t.donorInformation}
              items={[
                { label: t.name, value: r.donarName },
                { label: t.email, value: <Email address={r.donarEmail ?? ''} /> },
                ...(donorPhone ? [{ label: t.phone, value: <PhoneLink phone={donorPhone} /> }] : []),
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
        title={t.title}
        heading={query.data ? t.requestFor({ name: query.data.recipientName }) : t.title}
        back={
          <Link to={MY_REQUESTS_PATH} className="btn btn-ghost btn-sm -ml-3">
            {t.myRequests}
          </Link>
        }
      />
      {body}
    </>
  );
}
