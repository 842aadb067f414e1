import { useState } from 'react';
import { COMPONENT_LABELS, todayInDhaka } from '../../../shared/donation-request-rules';
import { badgesFor, DONATION_BADGES, DONATION_TEXTS, nextBadge } from '../../../shared/donations-rules';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { DONATIONS_PAGE_SIZE, useCertificateDownload, useDonations } from './api';

/** Milestones at 1, 3, 5, 10, 25 and 50 donations: earned ones lit, the rest dimmed. */
function Badges({ count }: { count: number }) {
  const earned = new Set(badgesFor(count).map((b) => b.count));
  const next = nextBadge(count);
  return (
    <div>
      <h3 className="font-semibold">{DONATION_TEXTS.badgesTitle}</h3>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label={DONATION_TEXTS.badgesTitle}>
        {DONATION_BADGES.map((b) => (
          <li
            key={b.count}
            className={`badge badge-lg gap-1 ${earned.has(b.count) ? 'badge-primary' : 'badge-ghost text-base-content/70'}`}
            aria-label={`${b.label}${earned.has(b.count) ? '' : ' (not yet)'}`}
          >
            <span aria-hidden="true">{earned.has(b.count) ? '★' : '☆'}</span>
            {b.label}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-base-content/80">{next ? DONATION_TEXTS.nextBadge(next, count) : DONATION_TEXTS.allBadges}</p>
    </div>
  );
}

/** The profile's donation history: count, next eligible date, badges, and a certificate per donation (issue 17). */
export function DonationsSection({ email, nextEligibleDate }: { email: string; nextEligibleDate: string | null }) {
  const [page, setPage] = useState(1);
  const donations = useDonations(email, page);
  const certificate = useCertificateDownload();
  const eligibleFrom = nextEligibleDate && nextEligibleDate > todayInDhaka() ? formatDate(nextEligibleDate) : null;

  return (
    <section aria-labelledby="donations-heading" className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="donations-heading" className="text-xl font-bold">
          {DONATION_TEXTS.historyTitle}
        </h2>
        {donations.isPending ? (
          <Spinner label={DONATION_TEXTS.historyTitle} />
        ) : donations.isError ? (
          <p role="alert" className="text-error">
            {DONATION_TEXTS.loadFailed} {donations.error.message}
          </p>
        ) : (
          <>
            <p className="font-semibold">
              {DONATION_TEXTS.count(donations.data.total)} <span className="font-normal text-base-content/80">{DONATION_TEXTS.nextEligible(eligibleFrom)}</span>
            </p>
            <Badges count={donations.data.total} />
            {donations.data.rows.length === 0 ? (
              <p className="rounded-box border border-dashed border-base-content/30 p-6 text-center text-base-content/80">{DONATION_TEXTS.historyEmpty}</p>
            ) : (
              <ul className="divide-y divide-base-300 rounded-box border border-base-300" aria-label={DONATION_TEXTS.historyTitle}>
                {donations.data.rows.map((d) => (
                  <li key={d._id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <p className="font-semibold">
                        {formatDate(d.donationDate)} · {COMPONENT_LABELS[d.component]}
                      </p>
                      <p className="text-sm text-base-content/80 [overflow-wrap:anywhere]">
                        {d.hospitalName}, {d.district}
                      </p>
                    </div>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline shrink-0"
                      aria-label={DONATION_TEXTS.certificateFor(formatDate(d.donationDate))}
                      disabled={certificate.isPending && certificate.variables === d._id}
                      onClick={() => certificate.mutate(d._id, { onError: (e) => toast.error(e.message) })}
                    >
                      {certificate.isPending && certificate.variables === d._id && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                      {DONATION_TEXTS.certificate}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <Pagination page={page} pageSize={DONATIONS_PAGE_SIZE} total={donations.data.total} onPageChange={setPage} label={DONATION_TEXTS.historyTitle} />
          </>
        )}
      </div>
    </section>
  );
}
