import { can, shownRequest } from '../../../shared/donation-requests/policy';
import type { DonationRequest } from '../../../shared/donation-requests/schemas';
import { Spinner } from '../../components/spinner';
import { lang, useMessages } from '../../i18n';
import { useAuth } from '../../lib/auth';
import { useDistrictName } from '../../locations/api';
import { useOutreach } from '../api';
import { outreachText } from '../texts';
import { outreachSentences } from './outreach-text';
import { useRequestPlaces } from './place-names';
import { QueryError } from './query-states';

/**
 * How the search for donors is going (issue 15), for the requester and staff: who was told and
 * where, who answered, when more donors will be told, in sentences a family reads (issue 38),
 * with the places in the reader's language. Polled every 15 s while the request is pending.
 */
export function OutreachPanel({ request: r }: { request: DonationRequest }) {
  const { user } = useAuth();
  const allowed = can(user, 'viewOutreach', shownRequest(r));
  const pending = r.donationStatus === 'pending' && !r.expired;
  const query = useOutreach(r._id, { enabled: allowed, pending });
  const t = useMessages(outreachText);
  const code = useMessages(lang);
  const placeOf = useRequestPlaces([r]);
  const farthest = query.data?.farthestDistrict ?? null;
  const districtName = useDistrictName(allowed && farthest !== null);
  if (!allowed) return null;

  let body;
  // Held until the requester confirms their address (issue 30): the search has not started.
  if (r.alertsHeld) body = <p data-testid="outreach-held">{t.held}</p>;
  else if (query.isPending) body = <Spinner label={t.loading} />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} what={t.what} />;
  else {
    const { upazila, district } = placeOf(r);
    const places = { upazila, district, farthest: farthest === null ? null : districtName(farthest) };
    body = (
      <p data-testid="outreach-summary" className="leading-relaxed">
        {outreachSentences(query.data, places, t, code, pending).join(' ')}
      </p>
    );
  }
  return (
    <section aria-labelledby="outreach-progress" className="mt-6 max-w-5xl rounded-box border border-base-300 bg-base-100 p-4 sm:p-5">
      <h2 id="outreach-progress" className="mb-2 text-lg font-semibold">
        {t.heading}
      </h2>
      <div aria-live="polite">{body}</div>
    </section>
  );
}
