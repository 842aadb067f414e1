import { type FormEvent, useId, useRef } from 'react';
import { shownEmail } from '../../../shared/users/model';
import { useNavigate } from 'react-router';
import type { DonationRequest } from '../../../shared/donation-requests/schemas';
import { pathTo } from '../../../shared/routing/routes';
import type { User } from '../../../shared/users/schemas';
import { successDialog } from '../../components/dialogs';
import { ModalActions, ModalBackdrop } from '../../components/modal';
import { lang, useMessages } from '../../i18n';
import { toast } from '../../lib/toast';
import { useConfirmDonation } from '../api';
import { detailsText } from '../texts';
import { formatDate, formatTime } from './format';
import { rich } from './rich-text';
import { useErrorText } from './use-request-actions';

/**
 * The Donate button and its confirmation (spec section 2): a modal form showing the donor's own
 * name and email, read-only (the server takes them from the account), and a confirm button.
 */
export function DonateDialog({ user, request }: { user: Pick<User, 'name' | 'email'>; request: DonationRequest }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const confirm = useConfirmDonation();
  const navigate = useNavigate();
  const id = useId();
  const t = useMessages(detailsText);
  const code = useMessages(lang);
  const errorText = useErrorText();
  const date = formatDate(request.donationDate, 'long', code);

  function open() {
    dialogRef.current?.showModal();
    // Start on the dialog's main action rather than the first read-only field.
    confirmRef.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await confirm.mutateAsync(request._id);
    } catch (error) {
      dialogRef.current?.close();
      toast.error(errorText(error));
      return;
    }
    // The modal sits in the top layer: close it before the success dialog opens.
    dialogRef.current?.close();
    await successDialog(t.donatedTitle, { text: t.donatedText });
    void navigate(pathTo('allRequest'));
  }

  return (
    <>
      <div className="flex flex-col gap-4 rounded-box border border-primary/40 bg-base-100 p-4 sm:flex-row sm:items-center">
        <p className="min-w-0 flex-1">
          {rich(t.canYouGive, { name: <strong>{request.recipientName}</strong>, date })}
        </p>
        <button type="button" className="btn btn-primary w-full sm:w-auto" onClick={open}>
          {t.donate}
        </button>
      </div>

      <dialog ref={dialogRef} className="modal modal-bottom sm:modal-middle" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
        <div className="modal-box">
          <h2 id={`${id}-title`} className="text-xl font-bold">
            {t.confirmTitle}
          </h2>
          <p id={`${id}-text`} className="mt-2 text-base-content/80">
            {rich(t.youOffer, {
              group: <strong>{request.bloodGroup}</strong>,
              name: request.recipientName,
              hospital: request.hospitalName,
              date,
              time: formatTime(request.donationTime, code),
            })}
          </p>
          <form className="mt-4 space-y-3" onSubmit={(e) => void onSubmit(e)}>
            <div>
              <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
                {t.donorName}
              </label>
              <input id={`${id}-name`} name="donarName" className="input w-full cursor-default border-dashed bg-base-200" value={user.name} readOnly />
            </div>
            {shownEmail(user.email) && (
              <div>
                <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium">
                  {t.donorEmail}
                </label>
                <input id={`${id}-email`} name="donarEmail" type="email" className="input w-full cursor-default border-dashed bg-base-200" value={user.email} readOnly />
              </div>
            )}
            <ModalActions dialog={dialogRef} submitRef={confirmRef} submitLabel={t.confirmDonation} busy={confirm.isPending} />
          </form>
        </div>
        <ModalBackdrop />
      </dialog>
    </>
  );
}
