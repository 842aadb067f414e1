import { useState } from 'react';
import { can, shownRequest } from '../../../shared/donation-requests/policy';
import type { DonationRequest } from '../../../shared/donation-requests/schemas';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { formatNumber, lang, useMessages } from '../../i18n';
import { useAuth } from '../../lib/auth';
import { MATCHES_PAGE_SIZE, useMatches } from '../api';
import { componentText, detailsText } from '../texts';
import { type PlaceNames, usePlaceNames } from '../../locations/api';
import { QueryError } from './query-states';

/** "Debidwar, Comilla": the donor's upazila, then district. */
const upazilaFirst = (p: PlaceNames) => `${p.upazila}, ${p.district}`;

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
  const t = useMessages(detailsText);
  const component = useMessages(componentText);
  const code = useMessages(lang);
  const placeOf = usePlaceNames(query.data?.rows ?? []);
  if (!allowed) return null;

  let body;
  if (query.isPending) body = <Spinner label={t.findingMatches} />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} what={t.theMatches} />;
  else if (query.data.rows.length === 0) body = <p className="text-base-content/80">{t.noMatches}</p>;
  else {
    body = (
      <>
        <ul className="divide-y divide-base-300" aria-label={t.matchingDonors}>
          {query.data.rows.map((d) => (
            <li key={d._id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium" data-user-content>
                  {d.name}
                </p>
                <p className="text-sm text-base-content/80">
                  {upazilaFirst(placeOf(d))}
                  {d.distanceKm > 0 ? t.away({ km: d.distanceKm }) : ''}
                </p>
              </div>
              <span className="font-bold text-primary" aria-label={t.bloodGroupOf({ group: d.blood_group })}>
                {d.blood_group}
              </span>
            </li>
          ))}
        </ul>
        <Pagination page={page} pageSize={MATCHES_PAGE_SIZE} total={query.data.total} onPageChange={setPage} label={t.matchesPages} />
      </>
    );
  }
  return (
    <section aria-labelledby="matching-donors" className="mt-6 max-w-5xl rounded-box border border-base-300 bg-base-100 p-4 sm:p-5">
      <h2 id="matching-donors" className="mb-1 text-lg font-semibold">
        {t.matchingDonors}
        {query.isSuccess && <span className="ml-2 text-sm font-normal text-base-content/80">({formatNumber(query.data.total, code)})</span>}
      </h2>
      <p className="mb-3 text-sm text-base-content/80">
        {t.matchesIntro({ component: component[r.component].toLowerCase(), group: r.bloodGroup })}
      </p>
      <div aria-busy={query.isFetching}>{body}</div>
    </section>
  );
}
