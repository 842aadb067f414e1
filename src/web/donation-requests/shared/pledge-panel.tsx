import { can, shownRequest } from '../../../shared/donation-requests/policy';
import type { DonationRequest } from '../../../shared/donation-requests/schemas';
import { confirmDialog, successDialog } from '../../components/dialogs';
import { PhoneLink } from '../../components/phone-link';
import { commonText } from '../../components/texts';
import { useMessages } from '../../i18n';
import { useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { type CheckinState, canMovePledge } from '../../../shared/donation-requests/model';
import { useCheckInPledge, useWithdrawPledge } from '../api';
import { detailsText, pledgeStateText } from '../texts';
import { useErrorText } from './use-request-actions';

/**
 * For a donor who pledged (issue 15): the family's phone, "I am on my way" and "I have arrived"
 * (issue 33: the family sees them), and a way to take the pledge back while the request is open
 * (the unit is offered to other donors again).
 */
export function PledgePanel({ request: r }: { request: DonationRequest }) {
  const { user } = useAuth();
  const withdraw = useWithdrawPledge();
  const checkIn = useCheckInPledge();
  const t = useMessages(detailsText);
  const stateText = useMessages(pledgeStateText);
  const common = useMessages(commonText);
  const errorText = useErrorText();
  if (!r.pledgedByMe) return null;
  // Open requests only, and never a blocked account (the server would refuse: a 403 signs out).
  const open = can(user, 'withdraw', shownRequest(r));
  const state = r.myPledgeState ?? 'pledged';
  const next = (['on_the_way', 'arrived'] as const).filter((s) => canMovePledge(state, s));
  const mayCheckIn = can(user, 'checkIn', shownRequest(r));

  async function onCheckIn(to: CheckinState) {
    try {
      await checkIn.mutateAsync({ id: r._id, state: to });
    } catch (error) {
      toast.error(errorText(error));
      return;
    }
    toast.success(t.checkedIn);
  }

  async function onWithdraw() {
    const confirmed = await confirmDialog({
      title: t.withdrawTitle,
      text: t.withdrawText,
      confirmText: t.withdrawConfirm,
      cancelText: common.cancel,
      icon: 'question',
    });
    if (!confirmed) return;
    try {
      await withdraw.mutateAsync(r._id);
    } catch (error) {
      toast.error(errorText(error));
      return;
    }
    await successDialog(t.withdrawn, { timer: 2000 });
  }

  return (
    <section aria-labelledby="my-pledge" className="mt-6 max-w-5xl rounded-box border border-l-4 border-base-300 border-l-success bg-base-100 p-4 sm:p-5">
      <h2 id="my-pledge" className="mb-2 text-lg font-semibold">
        {t.alreadyPledged}
      </h2>
      {r.contactPhone ? (
        <p>
          {t.familyPhone}: <PhoneLink phone={r.contactPhone} />
        </p>
      ) : (
        <p className="text-base-content/80">{t.noPhone({ name: r.requesterName })}</p>
      )}
      <p className="mt-2" data-testid="my-pledge-state">
        {t.yourPledge({ state: stateText[state] })}
      </p>
      {mayCheckIn && next.length > 0 && (
        <div className="mt-3 flex flex-wrap gap-2">
          {next.map((to) => (
            <button key={to} type="button" className="btn btn-primary btn-sm" disabled={checkIn.isPending} onClick={() => void onCheckIn(to)}>
              {to === 'on_the_way' ? t.onMyWay : t.arrivedAtBank}
            </button>
          ))}
        </div>
      )}
      {open && state !== 'donated' && (
        <button type="button" className="btn btn-outline btn-sm mt-3" disabled={withdraw.isPending} onClick={() => void onWithdraw()}>
          {withdraw.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t.withdraw}
        </button>
      )}
    </section>
  );
}
