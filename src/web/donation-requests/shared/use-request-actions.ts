import type { DonationRequest } from '../../../shared/donation-requests/schemas';
import { commonText } from '../../components/texts';
import { confirmDialog, successDialog } from '../../components/dialogs';
import { useMessages } from '../../i18n';
import { useMessageText } from '../../i18n/messages';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useDeleteRequest, useSetDonationStatus } from '../api';
import { actionsText, statusText } from '../texts';
import { CLIENT_MESSAGES } from '../../../shared/api/texts';

type Closing = 'done' | 'canceled';

/**
 * A failed call's message: the server's (already in the chosen language), or a general one in
 * English; pass it through `useMessageText()` to show that one in Bangla too.
 */
export const errorMessage = (error: unknown) =>
  error instanceof ApiError ? error.message : CLIENT_MESSAGES.failed;

/** A failed call's message in the current language, for toasts. */
export function useErrorText(): (error: unknown) => string {
  const message = useMessageText();
  return (error) => message(errorMessage(error)) ?? '';
}

/** Delete (spec: "Are you sure?" then "Deleted!") and the done / canceled buttons, each confirmed first. */
export function useRequestActions() {
  const deleteRequest = useDeleteRequest();
  const setStatus = useSetDonationStatus();
  const t = useMessages(actionsText);
  const common = useMessages(commonText);
  const status = useMessages(statusText);
  const errorText = useErrorText();
  const closeTexts: Record<Closing, { text: (values: { name: string }) => string; confirm: string }> = {
    done: { text: t.doneText, confirm: t.doneConfirm },
    canceled: { text: t.canceledText, confirm: t.canceledConfirm },
  };

  async function remove(request: DonationRequest) {
    const confirmed = await confirmDialog({ title: t.confirmTitle, text: t.deleteText, confirmText: t.deleteConfirm, cancelText: common.cancel });
    if (!confirmed) return;
    try {
      await deleteRequest.mutateAsync(request._id);
    } catch (error) {
      toast.error(errorText(error));
      return;
    }
    await successDialog(t.deletedTitle, { text: t.deleted({ name: request.recipientName }) });
  }

  async function close(request: DonationRequest, closing: Closing) {
    const confirmed = await confirmDialog({
      title: t.confirmTitle,
      text: closeTexts[closing].text({ name: request.recipientName }),
      confirmText: closeTexts[closing].confirm,
      cancelText: common.cancel,
      icon: 'question',
    });
    if (!confirmed) return;
    try {
      await setStatus.mutateAsync({ id: request._id, status: closing });
      toast.success(t.markedAs({ status: status[closing] }));
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  /** The id of the request a call is running for, so its buttons can wait. */
  const busyId = deleteRequest.isPending ? deleteRequest.variables : setStatus.isPending ? setStatus.variables.id : undefined;
  return { remove, close, busyId };
}
