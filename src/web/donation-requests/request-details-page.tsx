import { Link, useParams } from 'react-router';
import { DONATION_MESSAGES } from '../../shared/donation-requests/texts';
import type { DonationRequest } from '../../shared/donation-requests/schemas';
import { REPORT_TEXTS } from '../../shared/reports/texts';
import { pathTo } from '../../shared/routing/routes';
import type { User } from '../../shared/users/schemas';
import { PageTitle } from '../components/page-title';
import { Spinner } from '../components/spinner';
import { pagesText } from '../components/texts';
import { useMessages } from '../i18n';
import { SafetyNotice } from '../reports';
import { useAuth } from '../lib/auth';
import { useRequestDetail } from './api';
import { donateBlocker, isRequester } from './permissions';
import { DetailSection, RequestSections } from './shared/detail-section';
import { DonateDialog } from './shared/donate-dialog';
import { MissingRequest } from './shared/missing-request';
import { viewPath } from './shared/paths';
import { Notice } from './shared/query-states';
import { Email } from './shared/request-table';
import { MatchingDonors } from './shared/matching-donors';
import { PledgesSection } from './shared/pledges-section';
import { PledgePanel } from './shared/pledge-panel';
import { rich } from './shared/rich-text';
import { StatusBadge, UrgencyBadge } from './shared/status-badge';
import { requestDetailsText, requestsCommonText } from './texts';

/** Why Donate is not offered, said plainly, with the way forward. */
function DonateNotice({ user, request }: { user: User; request: DonationRequest }) {
  const t = useMessages(requestDetailsText);
  const reason = donateBlocker(user, request);
  if (reason === DONATION_MESSAGES.ownRequest) {
    return (
      <Notice
        tone="info"
        action={
          <Link to={viewPath(request._id)} className="btn btn-sm">
            {t.manage}
          </Link>
        }
      >
        {t.ownRequest}
      </Notice>
    );
  }
  if (reason === REPORT_TEXTS.underReview) {
    // Only its requester, its pledged donors and staff see a request under review: here, staff.
    return (
      <Notice
        tone="info"
        action={
          <Link to={pathTo('reports')} className="btn btn-sm">
            {t.openReports}
          </Link>
        }
      >
        {t.underReview}
      </Notice>
    );
  }
  if (reason === DONATION_MESSAGES.expired || reason === DONATION_MESSAGES.notPending) {
    return (
      <Notice
        tone="info"
        action={
          <Link to={pathTo('allRequest')} className="btn btn-sm">
            {t.otherRequests}
          </Link>
        }
      >
        {reason === DONATION_MESSAGES.expired ? t.expired : t.notPending}
      </Notice>
    );
  }
  return (
    <Notice tone="warning">
      <strong>{t.blocked}</strong> {t.blockedText}
    </Notice>
  );
}

/** Spec section 2: /requestDetails/{id}, for signed-in users, with the Donate button. */
export function RequestDetailsPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useRequestDetail(id);
  const t = useMessages(requestDetailsText);
  const common = useMessages(requestsCommonText);
  const pages = useMessages(pagesText);

  let body;
  if (!user || query.isPending) body = <Spinner label={common.loadingRequest} />;
  else if (query.isError) body = <MissingRequest error={query.error} onRetry={() => void query.refetch()} backTo={pathTo('allRequest')} />;
  else {
    const r = query.data;
    const own = isRequester(user, r);
    body = (
      <>
        <p className="mb-6 flex flex-wrap items-center gap-3 text-lg">
          <span>
            {rich(t.bloodNeeded, {
              group: <span className="font-bold text-primary">{r.bloodGroup}</span>,
              name: <strong data-user-content>{r.recipientName}</strong>,
            })}
          </span>
          <UrgencyBadge urgency={r.urgency} />
          <StatusBadge status={r.donationStatus} expired={r.expired} />
        </p>
        <RequestSections
          request={r}
          className="grid gap-4 md:grid-cols-2"
          recipient={['recipientName', 'district', 'upazila', 'bloodGroup']}
          donation={{ title: t.donation, fields: ['date', 'time', 'need', 'message', 'status'] }}
        >
          {/* The spec labels the second field "Email" too; it holds the requester's name. */}
          <DetailSection
            id="requester"
            title={t.requesterInformation}
            items={[
              { label: t.email, value: <Email address={r.requesterEmail} /> },
              { label: t.name, value: own ? t.you({ name: r.requesterName }) : r.requesterName },
            ]}
          />
          <PledgesSection request={r} />
        </RequestSections>
        {r.pledgedByMe ? (
          <PledgePanel request={r} />
        ) : (
          <div className="mt-6">{donateBlocker(user, r) ? <DonateNotice user={user} request={r} /> : <DonateDialog user={user} request={r} />}</div>
        )}
        <SafetyNotice request={r} />
        <MatchingDonors request={r} />
      </>
    );
  }

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <PageTitle title={pages.requestDetails} />
      <p className="mb-2 text-sm">
        <Link to={pathTo('allRequest')} className="link link-hover">
          {t.allRequests}
        </Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold sm:text-4xl">{pages.requestDetails}</h1>
      {body}
    </section>
  );
}
