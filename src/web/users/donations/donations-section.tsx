import { useState } from 'react';
import { eligibleFrom } from '../../../shared/matching/model';
import { todayInDhaka } from '../../../shared/dates/model';
import { badgesFor, DONATION_BADGES, type DonationBadge, nextBadge } from '../../../shared/donations/model';
import { confirmDialog } from '../../components/dialogs';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { formatRequestDate as formatDate, useErrorText } from '../../donation-requests';
import { lang, useMessages } from '../../i18n';
import { toast } from '../../lib/toast';
import { componentText, donationsText } from '../texts';
import { useDistrictName } from '../../locations/api';
import { DONATIONS_PAGE_SIZE, useCertificateDownload, useDisputeDonation, useDonations } from './api';

type DonationsTexts = ReturnType<typeof donationsText.get>;

/** A badge's name: "First donation", "3 donations"… */
const badgeLabel = (t: DonationsTexts, b: DonationBadge) => (b.count === 1 ? t.firstBadge : t.badge({ count: b.count }));

/** Milestones at 1, 3, 5, 10, 25 and 50 donations: earned ones lit, the rest dimmed. */
function Badges({ count }: { count: number }) {
  const t = useMessages(donationsText);
  const earned = new Set(badgesFor(count).map((b) => b.count));
  const next = nextBadge(count);
  return (
    <div>
      <h3 className="font-semibold">{t.badges}</h3>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label={t.badges}>
        {DONATION_BADGES.map((b) => (
          <li
            key={b.count}
            className={`badge badge-lg gap-1 ${earned.has(b.count) ? 'badge-primary' : 'badge-ghost text-base-content/70'}`}
            aria-label={`${badgeLabel(t, b)}${earned.has(b.count) ? '' : t.notYet}`}
          >
            <span aria-hidden="true">{earned.has(b.count) ? '★' : '☆'}</span>
            {badgeLabel(t, b)}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-base-content/80">{next ? t.nextBadge({ count: next.count - count, badge: badgeLabel(t, next) }) : t.allBadges}</p>
    </div>
  );
}

/** The profile's donation history: count, next eligible date, badges, and a certificate per donation (issue 17). */
export function DonationsSection({ email, nextEligibleDate }: { email: string; nextEligibleDate: string | null }) {
  const t = useMessages(donationsText);
  const components = useMessages(componentText);
  const code = useMessages(lang);
  const day = (iso: string) => formatDate(iso.slice(0, 10), 'short', code);
  const districtName = useDistrictName();
  const [page, setPage] = useState(1);
  const donations = useDonations(email, page);
  const certificate = useCertificateDownload();
  const dispute = useDisputeDonation(email);
  const errorText = useErrorText();

  /** "I did not donate": asked once more, then the donation leaves the history. */
  async function disputeDonation(id: string) {
    const ok = await confirmDialog({ title: t.disputeTitle, text: t.disputeText, confirmText: t.dispute, cancelText: t.cancel, icon: 'warning' });
    if (!ok) return;
    try {
      await dispute.mutateAsync(id);
      toast.success(t.disputed);
    } catch (error) {
      toast.error(errorText(error));
    }
  }
  const nextDay = eligibleFrom(nextEligibleDate, todayInDhaka());
  const eligibleFromText = nextDay ? day(nextDay) : null;

  return (
    <section aria-labelledby="donations-heading" className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="donations-heading" className="text-xl font-bold">
          {t.heading}
        </h2>
        {donations.isPending ? (
          <Spinner label={t.heading} />
        ) : donations.isError ? (
          <p role="alert" className="text-error">
            {t.loadFailed} {donations.error.message}
          </p>
        ) : (
          <>
            <p className="font-semibold">
              {t.count(donations.data.total)}{' '}
              <span className="font-normal text-base-content/80">{eligibleFromText ? t.eligibleFrom({ date: eligibleFromText }) : t.eligibleNow}</span>
            </p>
            <Badges count={donations.data.total} />
            {donations.data.rows.length === 0 ? (
              <p className="rounded-box border border-dashed border-base-content/30 p-6 text-center text-base-content/80">{t.empty}</p>
            ) : (
              <ul className="divide-y divide-base-300 rounded-box border border-base-300" aria-label={t.heading}>
                {donations.data.rows.map((d) => (
                  <li key={d._id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <p className="font-semibold">
                        {day(d.donationDate)} · {components[d.component]}
                      </p>
                      <p className="text-sm text-base-content/80 [overflow-wrap:anywhere]">
                        <span data-user-content>{d.hospitalName}</span>, {districtName(d.district)}
                      </p>
                    </div>
                    <div className="flex shrink-0 flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline"
                        aria-label={t.certificateFor({ date: day(d.donationDate) })}
                        disabled={certificate.isPending && certificate.variables === d._id}
                        onClick={() => certificate.mutate(d._id, { onError: (e) => toast.error(e.message) })}
                      >
                        {certificate.isPending && certificate.variables === d._id && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                        {t.certificate}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-ghost"
                        aria-label={t.disputeFor({ date: day(d.donationDate) })}
                        disabled={dispute.isPending && dispute.variables === d._id}
                        onClick={() => void disputeDonation(d._id)}
                      >
                        {dispute.isPending && dispute.variables === d._id && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                        {t.dispute}
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <Pagination page={page} pageSize={DONATIONS_PAGE_SIZE} total={donations.data.total} onPageChange={setPage} label={t.heading} />
          </>
        )}
      </div>
    </section>
  );
}
