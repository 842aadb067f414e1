import { useState } from 'react';
import { can, shownRequest } from '../../../shared/donation-request-policy';
import { COMPONENT_LABELS, DONATION_MESSAGES } from '../../../shared/donation-request-rules';
import type { DonationRequest } from '../../../shared/donation-requests';
import { Pagination } from '../../components/pagination';
import { PhoneLink } from '../../components/phone-link';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../../lib/auth';
import { MATCHES_PAGE_SIZE, useMatches } from '../api';
import { DetailSection } from './detail-section';
import { formatDate } from './format';
import { QueryError } from './query-states';
import { Email } from './request-table';

/** Every pledge, first first (the requester and staff get them in the answer). */
export function PledgesSection({ request: r }: { request: DonationRequest }) {
  // One unit: its one donor is already in "Donor information".
  if (!r.pledges || r.pledges.length === 0 || r.unitsNeeded === 1) return null;
  return (
    <DetailSection
      id="pledges"
      title={`Pledges (${DONATION_MESSAGES.pledged(r.pledgeCount, r.unitsNeeded)})`}
      items={r.pledges.map((p, i) => ({
        label: `${i + 1}. ${p.name}`,
        value: (
          <>
            <Email address={p.email} />
            {p.phone && (
              <span className="block">
                <PhoneLink phone={p.phone} />
              </span>
            )}
            <span className="block text-sm text-base-content/80">
              pledged <time dateTime={p.pledgedAt}>{formatDate(p.pledgedAt.slice(0, 10))}</time>
            </span>
          </>
        ),
      }))}
    />
  );
}

/**
 * "Matching donors": who can give for this request, best first (same group, then compatible;
 * nearest first). For the requester and staff, while the request is pending. No contact details:
 * a donor answers through the request.
 */
export function MatchingDonors({ request: r }: { request: DonationRequest }) {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const allowed = can(user, 'viewMatches', shownRequest(r)) && r.donationStatus === 'pending';
  const query = useMatches(r._id, page, allowed);
  if (!allowed) return null;

  let body;
  if (query.isPending) body = <Spinner label="Finding matching donors…" />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} what="the matching donors" />;
  else if (query.data.rows.length === 0) body = <p className="text-base-content/80">{DONATION_MESSAGES.noMatches}</p>;
  else {
    body = (
      <>
        <ul className="divide-y divide-base-300" aria-label={DONATION_MESSAGES.matchingDonors}>
          {query.data.rows.map((d) => (
            <li key={d._id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium">{d.name}</p>
                <p className="text-sm text-base-content/80">
                  {d.upazila}, {d.district}
                  {d.distanceKm > 0 ? ` · about ${d.distanceKm} km away` : ''}
                </p>
              </div>
              <span className="font-bold text-primary" aria-label={`Blood group ${d.blood_group}`}>
                {d.blood_group}
              </span>
            </li>
          ))}
        </ul>
        <Pagination page={page} pageSize={MATCHES_PAGE_SIZE} total={query.data.total} onPageChange={setPage} label="Matching donors pages" />
      </>
    );
  }
  return (
    <section aria-labelledby="matching-donors" className="mt-6 max-w-5xl rounded-box border border-base-300 bg-base-100 p-4 sm:p-5">
      <h2 id="matching-donors" className="mb-1 text-lg font-semibold">
        {DONATION_MESSAGES.matchingDonors}
        {query.isSuccess && <span className="ml-2 text-sm font-normal text-base-content/80">({query.data.total})</span>}
      </h2>
      <p className="mb-3 text-sm text-base-content/80">
        Donors who can give {COMPONENT_LABELS[r.component].toLowerCase()} to a {r.bloodGroup} patient on the donation day: the same group
        first, then the nearest. Their contact is shared only once they answer.
      </p>
      <div aria-busy={query.isFetching}>{body}</div>
    </section>
  );
}
