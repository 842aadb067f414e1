import { can, shownRequest } from '../../../shared/donation-request-policy';
import type { DonationRequest } from '../../../shared/donation-requests';
import { OUTREACH_MESSAGES } from '../../../shared/outreach-rules';
import { confirmDialog, successDialog } from '../../components/dialogs';
import { PhoneLink } from '../../components/phone-link';
import { useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { useWithdrawPledge } from '../api';
import { errorMessage } from './use-request-actions';

/**
 * For a donor who pledged (issue 15): the family's phone, and a way to take the pledge back while
 * the request is open (the unit is offered to other donors again).
 */
export function PledgePanel({ request: r }: { request: DonationRequest }) {
  const { user } = useAuth();
  const withdraw = useWithdrawPledge();
  if (!r.pledgedByMe) return null;
  // Open requests only, and never a blocked account (the server would refuse: a 403 signs out).
  const open = can(user, 'withdraw', shownRequest(r));

  async function onWithdraw() {
    const confirmed = await confirmDialog({
      title: OUTREACH_MESSAGES.withdrawTitle,
      text: OUTREACH_MESSAGES.withdrawText,
      confirmText: OUTREACH_MESSAGES.withdrawConfirm,
      icon: 'question',
    });
    if (!confirmed) return;
    try {
      await withdraw.mutateAsync(r._id);
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    await successDialog(OUTREACH_MESSAGES.withdrawn, { timer: 2000 });
  }

  return (
    <section aria-labelledby="my-pledge" className="mt-6 max-w-5xl rounded-box border border-l-4 border-base-300 border-l-success bg-base-100 p-4 sm:p-5">
      <h2 id="my-pledge" className="mb-2 text-lg font-semibold">
        {OUTREACH_MESSAGES.alreadyPledged}
      </h2>
      {r.contactPhone ? (
        <p>
          {OUTREACH_MESSAGES.familyPhone}: <PhoneLink phone={r.contactPhone} />
        </p>
      ) : (
        <p className="text-base-content/80">The family did not leave a phone number; ask for {r.requesterName} at the hospital.</p>
      )}
      {open && (
        <button type="button" className="btn btn-outline btn-sm mt-3" disabled={withdraw.isPending} onClick={() => void onWithdraw()}>
          {withdraw.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {OUTREACH_MESSAGES.withdraw}
        </button>
      )}
    </section>
  );
}
