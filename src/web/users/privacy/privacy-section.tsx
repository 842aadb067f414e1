import { useRef, useState } from 'react';
import { normalizePhone } from '../../../shared/phone/model';
import { accountKey, isPhoneOnlyEmail } from '../../../shared/users/model';
import type { User } from '../../../shared/users/schemas';
import { ModalBackdrop } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useMessages } from '../../i18n';
import { toast } from '../../lib/toast';
import { privacyText } from '../texts';
import { useDeleteAccount, useExportAccount } from './api';

/** The profile's "Your data" card: download everything, or delete the account (issue 17). */
export function PrivacySection({ user }: { user: User }) {
  const t = useMessages(privacyText);
  const exporter = useExportAccount(accountKey(user));
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <section aria-labelledby="privacy-heading" className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="privacy-heading" className="text-xl font-bold">
          {t.heading}
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-base-content/80">{t.exportIntro}</p>
          <button
            type="button"
            className="btn btn-outline shrink-0"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate(undefined, { onError: (e) => toast.error(`${t.exportFailed} ${e.message}`) })}
          >
            {exporter.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {exporter.isPending ? t.exporting : t.exportButton}
          </button>
        </div>
        <div className="rounded-box border border-error/60 p-4">
          <h3 className="font-bold text-error">{t.dangerTitle}</h3>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-base-content/80">{t.deleteIntro}</p>
            <button type="button" className="btn btn-error shrink-0" onClick={() => dialog.current?.showModal()}>
              {t.deleteButton}
            </button>
          </div>
        </div>
      </div>
      <DeleteAccountDialog dialog={dialog} user={user} />
    </section>
  );
}

/** Asks for the email again (a phone-only account: its number); the button stays off until it matches. */
function DeleteAccountDialog({ dialog, user }: { dialog: React.RefObject<HTMLDialogElement | null>; user: User }) {
  const t = useMessages(privacyText);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount(accountKey(user));
  const { logout } = useAuth();
  const byPhone = isPhoneOnlyEmail(user.email);
  const matches = byPhone ? user.phone != null && normalizePhone(typed) === user.phone : typed.trim().toLowerCase() === user.email.toLowerCase();
  const error = remove.error instanceof ApiError ? remove.error.message : remove.error ? t.deleteFailed : null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!matches) return;
    await remove.mutateAsync(typed).then(
      async () => {
        // Signed out here too; the dashboard's guard then shows the sign-in page. Nothing may be
        // fetched in between (the account's token is already dead: a 401 would be the answer).
        await logout();
        toast.success(t.deleted);
      },
      () => undefined,
    );
  }

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="delete-account-title" onClose={() => setTyped('')}>
      <div className="modal-box">
        <h3 id="delete-account-title" className="text-lg font-bold">
          {t.dialogTitle}
        </h3>
        <p className="mt-2 text-base-content/80">{byPhone ? t.dialogBodyPhone : t.dialogBody}</p>
        <form onSubmit={(e) => void submit(e)} className="mt-4">
          <label className="fieldset">
            <span className="fieldset-legend">{byPhone ? t.confirmLabelPhone : t.confirmLabel}</span>
            <input
              type={byPhone ? 'tel' : 'email'}
              className="input w-full"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              aria-describedby={error ? 'delete-account-error' : undefined}
            />
          </label>
          {error && (
            <p id="delete-account-error" role="alert" className="mt-2 text-sm text-error">
              {error}
            </p>
          )}
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
              {t.cancel}
            </button>
            <button type="submit" className="btn btn-error" disabled={!matches || remove.isPending}>
              {remove.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {remove.isPending ? t.deleting : t.confirmButton}
            </button>
          </div>
        </form>
      </div>
      <ModalBackdrop />
    </dialog>
  );
}
