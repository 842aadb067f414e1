import { useMessages } from '../i18n';
import { commonText } from './texts';
import type { Ref, RefObject } from 'react';

/** A modal form's buttons: Cancel closes the dialog; the submit button shows a spinner and waits while `busy`. */
export function ModalActions({
  dialog,
  submitLabel,
  busy,
  submitRef,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  submitLabel: string;
  busy: boolean;
  submitRef?: Ref<HTMLButtonElement>;
}) {
  const t = useMessages(commonText);
  return (
    <div className="modal-action">
      <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
        {t.cancel}
      </button>
      <button ref={submitRef} type="submit" className="btn btn-primary" disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {submitLabel}
      </button>
    </div>
  );
}

/** After a modal's box: a click outside the box closes the dialog (Escape does too). */
export function ModalBackdrop() {
  const t = useMessages(commonText);
  return (
    <form method="dialog" className="modal-backdrop">
      <button type="submit" tabIndex={-1}>
        {t.close}
      </button>
    </form>
  );
}
