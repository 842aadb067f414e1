import { type FormEvent, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { DONATION_MESSAGES } from '../../../shared/donation-request-rules';
import type { DonationRequest } from '../../../shared/donation-requests';
import { ROUTES } from '../../../shared/site';
import type { User } from '../../../shared/users';
import { successDialog } from '../../components/dialogs';
import { ModalActions, ModalBackdrop } from '../../components/modal';
import { toast } from '../../lib/toast';
import { useConfirmDonation } from '../api';
import { formatDate } from './format';
import { errorMessage } from './use-request-actions';

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
      toast.error(errorMessage(error));
      return;
    }
    // The modal sits in the top layer: close it before the success dialog opens.
    dialogRef.current?.close();
    await successDialog(DONATION_MESSAGES.donatedTitle, { text: DONATION_MESSAGES.donatedText });
    void navigate(ROUTES.donationRequests);
  }

  return (
    <>
      <div className="flex flex-col gap-4 rounded-box border border-primary/40 bg-base-100 p-4 sm:flex-row sm:items-center">
        <p className="min-w-0 flex-1">
          Can you give blood to <strong>{request.recipientName}</strong> on {formatDate(request.donationDate)}? Let the requester know you are
          coming.
        </p>
        <button type="button" className="btn btn-primary w-full sm:w-auto" onClick={open}>
          Donate
        </button>
      </div>

      <dialog ref={dialogRef} className="modal modal-bottom sm:modal-middle" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
        <div className="modal-box">
          <h2 id={`${id}-title`} className="text-xl font-bold">
            Confirm your donation
          </h2>
          <p id={`${id}-text`} className="mt-2 text-base-content/80">
            You offer to give <strong>{request.bloodGroup}</strong> blood for {request.recipientName} at {request.hospitalName} on{' '}
            {formatDate(request.donationDate)} at {request.donationTime}. The requester will see your name and email.
          </p>
          <form className="mt-4 space-y-3" onSubmit={(e) => void onSubmit(e)}>
            <div>
              <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
                Donor name
              </label>
              <input id={`${id}-name`} name="donarName" className="input w-full cursor-default border-dashed bg-base-200" value={user.name} readOnly />
            </div>
            <div>
              <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium">
                Donor email
              </label>
              <input id={`${id}-email`} name="donarEmail" type="email" className="input w-full cursor-default border-dashed bg-base-200" value={user.email} readOnly />
            </div>
            <ModalActions dialog={dialogRef} submitRef={confirmRef} submitLabel="Confirm Donation" busy={confirm.isPending} />
          </form>
        </div>
        <ModalBackdrop />
      </dialog>
    </>
  );
}
