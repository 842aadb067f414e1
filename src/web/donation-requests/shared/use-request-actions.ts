import { DONATION_MESSAGES, STATUS_LABELS } from '../../../shared/donation-request-rules';
import type { DonationRequest } from '../../../shared/donation-requests';
import { confirmDialog, successDialog } from '../../components/dialogs';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useDeleteRequest, useSetDonationStatus } from '../api';

type Closing = 'done' | 'canceled';

const CLOSE_TEXTS: Record<Closing, { text: (name: string) => string; confirm: string }> = {
  done: { text: (name) => `The donation for ${name} took place. This cannot be undone.`, confirm: 'Yes, it is done' },
  canceled: { text: (name) => `The donation for ${name} will not take place. This cannot be undone.`, confirm: 'Yes, cancel it' },
};

export const errorMessage = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';

/** Delete (spec: "Are you sure?" then "Deleted!") and the done / canceled buttons, each confirmed first. */
export function useRequestActions() {
  const deleteRequest = useDeleteRequest();
  const setStatus = useSetDonationStatus();

  async function remove(request: DonationRequest) {
    const confirmed = await confirmDialog({
      title: DONATION_MESSAGES.deleteTitle,
      text: DONATION_MESSAGES.deleteText,
      confirmText: DONATION_MESSAGES.deleteConfirm,
    });
    if (!confirmed) return;
    try {
      await deleteRequest.mutateAsync(request._id);
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    await successDialog(DONATION_MESSAGES.deletedTitle, { text: DONATION_MESSAGES.deleted(request.recipientName) });
  }

  async function close(request: DonationRequest, status: Closing) {
    const confirmed = await confirmDialog({
      title: DONATION_MESSAGES.deleteTitle,
      text: CLOSE_TEXTS[status].text(request.recipientName),
      confirmText: CLOSE_TEXTS[status].confirm,
      icon: 'question',
    });
    if (!confirmed) return;
    try {
      await setStatus.mutateAsync({ id: request._id, status });
      toast.success(`Marked as ${STATUS_LABELS[status]}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  /** The id of the request a call is running for, so its buttons can wait. */
  const busyId = deleteRequest.isPending ? deleteRequest.variables : setStatus.isPending ? setStatus.variables.id : undefined;
  return { remove, close, busyId };
}
