import { useState } from 'react';
import { DEFERRAL_REASONS, type DeferralReason, isUndecidedPledge } from '../../../shared/donation-requests/model';
import { can, shownRequest } from '../../../shared/donation-requests/policy';
import type { DonationRequest, PledgeOutcomeInput } from '../../../shared/donation-requests/schemas';
import { PhoneLink } from '../../components/phone-link';
import { formatNumber, lang, useMessages } from '../../i18n';
import { useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { useRecordPledgeOutcome } from '../api';
import { deferralReasonText, detailsText, pledgeStateText, requestsCommonText } from '../texts';
import { DetailSection } from './detail-section';
import { formatDate } from './format';
import { rich } from './rich-text';
import { Email } from './request-table';
import { useErrorText } from './use-request-actions';

type Pledge = NonNullable<DonationRequest['pledges']>[number];

const STATE_TONE: Record<Pledge['state'], string> = {
  pledged: 'badge-ghost',
  on_the_way: 'badge-info',
  arrived: 'badge-info',
  donated: 'badge-success',
  no_show: 'badge-warning',
  deferred: 'badge-warning',
};

/** A pledge's state, and a deferral's reason. */
function PledgeState({ pledge }: { pledge: Pledge }) {
  const t = useMessages(detailsText);
  const state = useMessages(pledgeStateText);
  const reason = useMessages(deferralReasonText);
  const label = pledge.deferralReason ? t.stateWithReason({ state: state[pledge.state], reason: reason[pledge.deferralReason] }) : state[pledge.state];
  return <span className={`badge h-auto min-h-5 whitespace-normal text-left ${STATE_TONE[pledge.state]}`}>{label}</span>;
}

/**
 * What happened with a pledge (issue 33): donated, did not come, or turned away at the bank (with
 * the reason). For the requester and staff while the request is open and the pledge undecided.
 */
function OutcomeButtons({ request: r, pledge }: { request: DonationRequest; pledge: Pledge }) {
  const t = useMessages(detailsText);
  const reasonText = useMessages(deferralReasonText);
  const record = useRecordPledgeOutcome();
  const errorText = useErrorText();
  const [deferring, setDeferring] = useState(false);
  const [reason, setReason] = useState<DeferralReason>('low_haemoglobin');

  async function save(outcome: PledgeOutcomeInput) {
    try {
      await record.mutateAsync({ id: r._id, pledgeId: pledge.id, outcome });
    } catch (error) {
      toast.error(errorText(error));
      return;
    }
    toast.success(t.outcomeSaved);
  }

  const selectId = `reason-${pledge.id}`;
  return (
    <div className="mt-2" role="group" aria-label={t.whatHappened({ name: pledge.name })}>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-success btn-sm" disabled={record.isPending} onClick={() => void save({ outcome: 'donated' })}>
          {t.markDonated}
        </button>
        <button type="button" className="btn btn-outline btn-sm" disabled={record.isPending} onClick={() => void save({ outcome: 'no_show' })}>
          {t.markNoShow}
        </button>
        <button type="button" className="btn btn-outline btn-sm" aria-expanded={deferring} disabled={record.isPending} onClick={() => setDeferring(!deferring)}>
          {t.markDeferred}
        </button>
      </div>
      {deferring && (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <label className="form-control w-full max-w-xs" htmlFor={selectId}>
            <span className="label-text mb-1 block text-sm">{t.deferralReason}</span>
            <select id={selectId} className="select select-bordered select-sm w-full" value={reason} onChange={(e) => setReason(e.target.value as DeferralReason)}>
              {DEFERRAL_REASONS.map((value) => (
                <option key={value} value={value}>
                  {reasonText[value]}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-primary btn-sm" disabled={record.isPending} onClick={() => void save({ outcome: 'deferred', reason })}>
            {t.saveDeferral}
          </button>
        </div>
      )}
    </div>
  );
}

/** Every pledge, first first, with where it is (the requester and staff get them in the answer). */
export function PledgesSection({ request: r }: { request: DonationRequest }) {
  const { user } = useAuth();
  const t = useMessages(detailsText);
  const common = useMessages(requestsCommonText);
  const code = useMessages(lang);
  if (!r.pledges || r.pledges.length === 0) return null;
  const mayRecord = can(user, 'recordOutcome', shownRequest(r));
  return (
    <DetailSection
      id="pledges"
      title={t.pledges({ pledged: common.pledged({ count: r.pledgeCount, units: r.unitsNeeded }) })}
      items={r.pledges.map((p, i) => ({
        label: `${formatNumber(i + 1, code)}. ${p.name}`,
        value: (
          <>
            <span className="mb-1 block">
              <PledgeState pledge={p} />
            </span>
            <Email address={p.email} />
            {p.phone && (
              <span className="block">
                <PhoneLink phone={p.phone} />
              </span>
            )}
            <span className="block text-sm text-base-content/80">
              {rich(t.pledgedOn, { date: <time dateTime={p.pledgedAt}>{formatDate(p.pledgedAt.slice(0, 10), 'long', code)}</time> })}
            </span>
            {mayRecord && isUndecidedPledge(p.state) && <OutcomeButtons request={r} pledge={p} />}
          </>
        ),
      }))}
    />
  );
}
